import type { SubmissionResult } from "@conform-to/react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { Captcha } from "~/components/account/captcha";
import { SuccessMessage } from "~/components/account/status";
import { primaryButton } from "~/components/account/styles";
import {
  EmailField,
  FormErrorSummary,
  InputField,
  SelectField,
  TextareaField,
} from "~/components/forms/conform-fields";
import { labelClass } from "~/components/forms/styles";
import { ContactSchema, type ContactTopic, contactTopics, MESSAGE_MAX } from "~/domains/service/validation";
import { useShopForm } from "~/platform/forms/use-shop-form";

export interface ContactSent {
  reference: string;
  replyHours: number;
}

/**
 * The contact form of customer service, the subject pages, the chat page and the app: subject, name,
 * e-mail, optional order number, message and the captcha. Works without JavaScript (the server validates
 * with the same schema); once sent, the reference replaces the form.
 */
export function ContactForm({
  id,
  lastResult,
  sent,
  topic,
  submitLabel,
  action,
  photos = false,
}: {
  id: string;
  /** Where the form posts (the page itself by default), e.g. with the fragment of the form's section. */
  action?: string;
  lastResult?: SubmissionResult<string[]> | null;
  sent?: ContactSent | null;
  /** Preselected subject (a subject page); the shopper can still change it. */
  topic?: ContactTopic;
  submitLabel?: string;
  /** Offer up to three photos (the subject pages): the form is sent as multipart then. */
  photos?: boolean;
}) {
  const { t } = useTranslation(["service", "forms"]);
  const [sending, setSending] = useState(false);
  const shop = useShopForm({
    schema: ContactSchema,
    id,
    lastResult,
    pending: sending,
    defaultValue: topic ? { topic } : undefined,
    onValidSubmit: () => setSending(true),
  });
  if (sent)
    return (
      <SuccessMessage>
        <strong className="block">{t("contact.sentTitle")}</strong>
        {t("contact.sent", { reference: sent.reference, count: sent.replyHours })}
      </SuccessMessage>
    );
  // A refused photo comes back as an error of the form's `photos` field (not in the schema: files are
  // checked on the server only).
  const photoError = (lastResult?.error?.photos ?? [])[0];
  const labels = {
    topic: t("contact.topic"),
    name: t("contact.name"),
    email: t("contact.email"),
    orderNumber: t("contact.orderNumber"),
    message: t("contact.message"),
    captcha: "Captcha",
  };
  return (
    <Form
      method="post"
      action={action}
      reloadDocument
      encType={photos ? "multipart/form-data" : undefined}
      {...shop.formProps}
      className="space-y-6"
    >
      <FormErrorSummary form={shop} labels={labels} />
      <SelectField meta={shop.fields.topic} label={labels.topic} placeholder={t("contact.topicChoose")}>
        {contactTopics.map((value) => (
          <option key={value} value={value}>
            {t(`topics.${value}`)}
          </option>
        ))}
      </SelectField>
      <InputField meta={shop.fields.name} label={labels.name} autoComplete="name" maxLength={100} />
      <EmailField form={shop} meta={shop.fields.email} label={labels.email} />
      <InputField
        meta={shop.fields.orderNumber}
        label={labels.orderNumber}
        description={t("contact.orderNumberHint")}
        inputMode="numeric"
        autoComplete="off"
        maxLength={9}
      />
      <TextareaField meta={shop.fields.message} label={labels.message} rows={6} maxChars={MESSAGE_MAX} />
      {photos ? <PhotoField error={photoError} /> : null}
      <Captcha error={shop.fields.captcha.errors?.[0] ?? undefined} />
      <button type="submit" className={`${primaryButton} w-full`} aria-disabled={sending || undefined}>
        {sending ? t("contact.pending") : (submitLabel ?? t("contact.submit"))}
      </button>
    </Form>
  );
}

function PhotoField({ error }: { error?: string }) {
  const { t } = useTranslation("service");
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {t("contact.photos")}
      </label>
      <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
        {t("contact.photosHint")}
      </p>
      <input
        id={id}
        type="file"
        name="photos"
        accept="image/jpeg,image/png,image/webp,image/heic"
        multiple
        aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
        aria-invalid={error ? true : undefined}
        className="mt-2 block w-full text-sm file:me-3 file:min-h-11 file:border file:border-ink file:bg-white file:px-4"
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-sale">
          {error}
        </p>
      ) : null}
    </div>
  );
}
