import type { SubmissionResult } from "@conform-to/react";
import { Check, Minus } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useActionData } from "react-router";
import { z } from "zod";
import {
  EmailField,
  FormErrorSummary,
  InputField,
  PasswordField,
  SelectField,
  SwitchField,
  TextareaField,
  ToggleField,
} from "~/components/forms/conform-fields";
import { PasswordInput, Select, Textarea, TextInput } from "~/components/forms/controls";
import { Field } from "~/components/forms/field";
import { labelClass, linkClass } from "~/components/forms/styles";
import { fieldFlagNames } from "~/platform/forms/field-flags";
import { encodeMessage, type Translate, translateMessage } from "~/platform/forms/messages";
import { type ValidationMode, validationModes } from "~/platform/forms/modes";
import * as rules from "~/platform/forms/rules";
import { parseSubmission } from "~/platform/forms/submission";
import { useShopForm } from "~/platform/forms/use-shop-form";
import { countries, isCountry, postalCodeExamples } from "~/platform/forms/validators";

/** The demo's sign-up-and-address form: one schema for the browser and (optionally) the server. */
export const formsDemoSchema = z
  .object({
    email: rules.email(),
    password: rules.password(),
    confirmPassword: rules.required(),
    country: rules.country(),
    postalCode: rules.required(),
    houseNumber: rules.houseNumber(),
    houseNumberAddition: rules.optional(rules.houseNumberAddition()),
    phone: rules.optional(rules.required()),
    birthDate: rules.optional(rules.date({ min: "1900-01-01", max: new Date().toISOString().slice(0, 10) })),
    giftCardCode: rules.optional(rules.giftCardCode()),
    giftCardPin: rules.optional(rules.giftCardPin()),
    message: rules.optional(rules.maxChars(200)),
    newsletter: rules.toggle(),
    terms: rules.accepted(),
  })
  .check(
    rules.matches({ field: "password", confirm: "confirmPassword" }),
    rules.postalCodeOfCountry({ country: "country", postalCode: "postalCode" }),
    rules.phoneOfCountry({ country: "country", phone: "phone" }),
  );

type DemoField = keyof z.input<typeof formsDemoSchema>;
const demoFields: DemoField[] = [
  "email",
  "password",
  "confirmPassword",
  "country",
  "postalCode",
  "houseNumber",
  "houseNumberAddition",
  "phone",
  "birthDate",
  "giftCardCode",
  "giftCardPin",
  "message",
  "newsletter",
  "terms",
];

/**
 * The server half of the demo form, for a route action that wants the no-JavaScript round trip:
 * `return replyToFormsDemo(await request.formData(), serverI18n(locale).getFixedT(locale))`.
 */
export function replyToFormsDemo(
  formData: FormData,
  t: Translate,
): { formsDemo: SubmissionResult<string[]> } {
  const labels = Object.fromEntries(demoFields.map((name) => [name, t(`forms:labels.${name}`, {})]));
  const parsed = parseSubmission(formData, formsDemoSchema, { t, labels });
  return { formsDemo: parsed.status === "error" ? parsed.result : parsed.reply({ resetForm: true }) };
}

/** Form controls, validation modes and field flags, for `/demo/`. */
export function FormsDemo() {
  return (
    <div className="space-y-16">
      <ControlsShowcase />
      <LiveForm />
    </div>
  );
}

// ----- every control in every state -----------------------------------------------------------------

const states = ["default", "focused", "filled", "disabled", "invalid", "required"] as const;
type State = (typeof states)[number];
/** Looks like the keyboard focus ring, for the static "focused" sample. */
const focusLook = "border-ink outline-2 outline-offset-2 outline-accent";

function ControlsShowcase() {
  const { t } = useTranslation("forms");
  const titleId = useId();
  const message = (key: Parameters<typeof encodeMessage>[0]) => translateMessage(t, encodeMessage(key));
  const forgot = (
    <a href="#forms-demo-live" className={linkClass}>
      {t("controls.forgotPassword")}
    </a>
  );

  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId} className="font-display text-3xl">
        {t("demo:forms.controls.title")}
      </h2>
      <p className="mt-2 max-w-2xl text-muted">{t("demo:forms.controls.intro")}</p>

      <StateGrid title={t("demo:forms.controls.input")}>
        {(state, id) => (
          <Field
            id={id}
            label={t("labels.email")}
            required={state === "required"}
            error={state === "invalid" ? message({ key: "email" }) : undefined}
          >
            {(control) => (
              <TextInput
                type="email"
                autoComplete="off"
                className={state === "focused" ? focusLook : undefined}
                disabled={state === "disabled"}
                defaultValue={
                  state === "invalid"
                    ? "anna@"
                    : ["filled", "disabled"].includes(state)
                      ? t("demo:forms.samples.email")
                      : undefined
                }
                {...control}
              />
            )}
          </Field>
        )}
      </StateGrid>

      <StateGrid title={t("demo:forms.controls.select")}>
        {(state, id) => (
          <Field
            id={id}
            label={t("labels.size")}
            required={state === "required" || state === "invalid"}
            error={state === "invalid" ? message({ key: "required" }) : undefined}
          >
            {(control) => (
              <Select
                placeholder={t("demo:forms.samples.size")}
                className={state === "focused" ? focusLook : undefined}
                disabled={state === "disabled"}
                defaultValue={["filled", "disabled"].includes(state) ? "M" : ""}
                {...control}
              >
                {(["s", "m", "l"] as const).map((size) => (
                  <option key={size} value={size.toUpperCase()}>
                    {t(`demo:forms.samples.sizes.${size}`)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        )}
      </StateGrid>

      <StateGrid title={t("demo:forms.controls.textarea")}>
        {(state, id) => (
          <Field
            id={id}
            label={t("labels.message")}
            description={t("demo:forms.samples.messageHelp")}
            required={state === "required" || state === "invalid"}
            error={state === "invalid" ? message({ key: "required" }) : undefined}
          >
            {(control) => (
              <Textarea
                maxChars={200}
                rows={3}
                className={state === "focused" ? focusLook : undefined}
                disabled={state === "disabled"}
                defaultValue={
                  ["filled", "disabled"].includes(state) ? t("demo:forms.samples.message") : undefined
                }
                {...control}
              />
            )}
          </Field>
        )}
      </StateGrid>

      <StateGrid title={t("demo:forms.controls.password")}>
        {(state, id) => (
          <Field
            id={id}
            label={t("labels.password")}
            labelAside={state === "disabled" ? undefined : forgot}
            description={t("demo:forms.samples.passwordHelp")}
            required={state === "required"}
            error={state === "invalid" ? message({ key: "passwordMin", values: { count: 8 } }) : undefined}
          >
            {(control) => (
              <PasswordInput
                autoComplete="off"
                className={state === "focused" ? focusLook : undefined}
                disabled={state === "disabled"}
                defaultValue={
                  state === "invalid"
                    ? "linen"
                    : ["filled", "disabled"].includes(state)
                      ? "soft-cotton-88"
                      : undefined
                }
                {...control}
              />
            )}
          </Field>
        )}
      </StateGrid>

      <StateGrid title={t("demo:forms.controls.switch")}>
        {(state, id) => (
          <ToggleField
            id={id}
            label={state === "invalid" || state === "required" ? t("labels.terms") : t("labels.newsletter")}
            description={
              state === "invalid" || state === "required" ? undefined : t("demo:forms.samples.newsletterHelp")
            }
            required={state === "required" || state === "invalid"}
            error={state === "invalid" ? message({ key: "accept" }) : undefined}
            disabled={state === "disabled"}
            defaultChecked={state === "filled" || state === "disabled"}
            className={
              state === "focused"
                ? "[&_input+span]:outline-2 [&_input+span]:outline-offset-2 [&_input+span]:outline-accent"
                : undefined
            }
          />
        )}
      </StateGrid>
    </section>
  );
}

function StateGrid({
  title,
  children,
}: {
  title: string;
  children: (state: State, id: string) => ReactNode;
}) {
  const { t } = useTranslation("forms");
  const id = useId();
  return (
    <div className="mt-10">
      <h3 className="border-b border-line pb-2 text-lg font-medium">{title}</h3>
      <div className="mt-6 grid gap-x-8 gap-y-8 desktop:grid-cols-3">
        {states.map((state) => (
          <div key={state}>
            <p className="mb-2 text-xs text-muted">{t(`demo:forms.states.${state}`)}</p>
            {children(state, `${id}-${state}`)}
          </div>
        ))}
      </div>
    </div>
  );
}

// ----- the live form: modes and flags ---------------------------------------------------------------

function LiveForm() {
  const { t } = useTranslation("forms");
  const [mode, setMode] = useState<ValidationMode>("aggressive");
  const titleId = useId();
  const legendId = useId();
  return (
    <section aria-labelledby={titleId} id="forms-demo-live" className="scroll-mt-8">
      <h2 id={titleId} className="font-display text-3xl">
        {t("demo:forms.live.title")}
      </h2>
      <p className="mt-2 max-w-2xl text-muted">{t("demo:forms.live.intro")}</p>

      <fieldset className="mt-8">
        <legend id={legendId} className={labelClass}>
          {t("demo:forms.live.modeLegend")}
        </legend>
        <div className="mt-3 grid gap-2 desktop:grid-cols-4">
          {validationModes.map((option) => (
            <div
              key={option}
              className="border border-line bg-white px-3 pb-3 has-checked:border-ink has-checked:bg-sand"
            >
              <label className="flex min-h-11 cursor-pointer items-center gap-3 font-medium">
                <input
                  type="radio"
                  name="forms-demo-mode"
                  value={option}
                  checked={mode === option}
                  onChange={() => setMode(option)}
                  aria-describedby={`${legendId}-${option}`}
                  className="size-4 accent-ink"
                />
                {t(`demo:forms.live.modes.${option}`)}
              </label>
              <p id={`${legendId}-${option}`} className="text-sm text-muted">
                {t(`demo:forms.live.modes.${option}Help`)}
              </p>
            </div>
          ))}
        </div>
      </fieldset>

      {/* A new mode starts a fresh form, so each mode can be tried from the start. */}
      <DemoForm key={mode} mode={mode} />
    </section>
  );
}

function DemoForm({ mode }: { mode: ValidationMode }) {
  const { t } = useTranslation("forms");
  const actionData = useActionData() as { formsDemo?: SubmissionResult<string[]> } | undefined;
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState(false);
  const [flagField, setFlagField] = useState<DemoField>("email");
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const shop = useShopForm({
    schema: formsDemoSchema,
    mode,
    id: "forms-demo",
    lastResult: actionData?.formsDemo,
    pending,
    onValidSubmit(event) {
      // A client-side demo: nothing is sent, the "request" is a short pause.
      event.preventDefault();
      setDone(false);
      setPending(true);
      timer.current = setTimeout(() => {
        setPending(false);
        setDone(true);
      }, 600);
    },
  });
  const { fields, formProps } = shop;
  const labels = Object.fromEntries(demoFields.map((name) => [name, t(`labels.${name}`)])) as Record<
    DemoField,
    string
  >;
  const chosenCountry = fields.country.value;
  const example = postalCodeExamples[isCountry(chosenCountry) ? chosenCountry : "NL"];
  const flags = shop.flags(flagField);

  return (
    <div className="mt-8 grid gap-10 desktop:grid-cols-[minmax(0,36rem)_minmax(0,20rem)] desktop:justify-between">
      <form
        method="post"
        {...formProps}
        onInput={(event) => {
          formProps.onInput(event);
          setDone(false);
        }}
        onFocus={(event) => {
          const name = (event.target as { name?: unknown }).name;
          if (typeof name === "string" && (demoFields as string[]).includes(name))
            setFlagField(name as DemoField);
        }}
        className="space-y-6"
      >
        <div>
          <h3 className="text-xl font-medium">{t("demo:forms.live.formTitle")}</h3>
          <p className="mt-1 text-sm text-muted">{t("controls.requiredNote")}</p>
        </div>

        <FormErrorSummary form={shop} labels={labels} />

        <EmailField form={shop} meta={fields.email} label={labels.email} />
        <PasswordField
          meta={fields.password}
          label={labels.password}
          autoComplete="new-password"
          description={t("demo:forms.samples.passwordHelp")}
          forgotPassword={
            <a href="#forms-demo-live" className={linkClass}>
              {t("controls.forgotPassword")}
            </a>
          }
        />
        <PasswordField
          meta={fields.confirmPassword}
          label={labels.confirmPassword}
          autoComplete="new-password"
        />

        <div className="border-t border-line pt-6">
          <fieldset className="space-y-6">
            <legend className="text-lg font-medium">{t("demo:forms.live.addressTitle")}</legend>
            <SelectField
              meta={fields.country}
              label={labels.country}
              placeholder={t("countries.choose")}
              autoComplete="country"
            >
              {countries.map((country) => (
                <option key={country} value={country}>
                  {t(`countries.${country}`)}
                </option>
              ))}
            </SelectField>
            <InputField
              meta={fields.postalCode}
              label={labels.postalCode}
              description={t("demo:forms.live.postalCodeHelp", { example })}
              autoComplete="postal-code"
              autoCapitalize="characters"
            />
            <div className="grid grid-cols-2 gap-4">
              <InputField meta={fields.houseNumber} label={labels.houseNumber} inputMode="numeric" />
              <InputField meta={fields.houseNumberAddition} label={labels.houseNumberAddition} />
            </div>
            <InputField
              meta={fields.phone}
              type="tel"
              label={labels.phone}
              description={t("demo:forms.live.phoneHelp")}
              autoComplete="tel"
            />
            <InputField
              meta={fields.birthDate}
              label={labels.birthDate}
              description={t("demo:forms.live.birthDateHelp")}
              autoComplete="bday"
            />
          </fieldset>
        </div>

        <div className="border-t border-line pt-6">
          <fieldset className="space-y-6">
            <legend className="text-lg font-medium">{t("demo:forms.live.giftCardTitle")}</legend>
            <div className="grid gap-4 desktop:grid-cols-[minmax(0,1fr)_8rem]">
              <InputField
                meta={fields.giftCardCode}
                label={labels.giftCardCode}
                description={t("demo:forms.live.giftCardHelp")}
                inputMode="numeric"
                autoComplete="off"
              />
              <InputField
                meta={fields.giftCardPin}
                label={labels.giftCardPin}
                inputMode="numeric"
                autoComplete="off"
              />
            </div>
          </fieldset>
        </div>

        <TextareaField
          meta={fields.message}
          label={labels.message}
          description={t("demo:forms.samples.messageHelp")}
          maxChars={200}
          rows={3}
          className="border-t border-line pt-6"
        />

        <div className="space-y-3">
          <SwitchField
            meta={fields.newsletter}
            label={labels.newsletter}
            description={t("demo:forms.samples.newsletterHelp")}
          />
          <SwitchField meta={fields.terms} label={labels.terms} />
        </div>

        <div className="space-y-3">
          <button
            type="submit"
            aria-disabled={pending || undefined}
            className="inline-flex min-h-12 w-full items-center justify-center bg-ink px-8 text-sm font-medium uppercase tracking-[0.14em] text-paper hover:bg-accent aria-disabled:opacity-70 desktop:w-auto"
          >
            {pending ? t("demo:forms.live.pending") : t("demo:forms.live.submit")}
          </button>
          <p role="status" className="text-sm text-success">
            {done ? t("demo:forms.live.success") : ""}
          </p>
        </div>
      </form>

      <FlagsPanel field={flagField} labels={labels} flags={flags} onChoose={setFlagField} />
    </div>
  );
}

function FlagsPanel({
  field,
  labels,
  flags,
  onChoose,
}: {
  field: DemoField;
  labels: Record<DemoField, string>;
  flags: ReturnType<ReturnType<typeof useShopForm>["flags"]>;
  onChoose: (field: DemoField) => void;
}) {
  const { t } = useTranslation("forms");
  const titleId = useId();
  const selectId = useId();
  return (
    <aside
      aria-labelledby={titleId}
      className="h-fit border border-line bg-white p-5 desktop:sticky desktop:top-24"
    >
      <h3 id={titleId} className="text-lg font-medium">
        {t("demo:forms.flags.title")}
      </h3>
      <p className="mt-1 text-sm text-muted">{t("demo:forms.flags.intro")}</p>
      <label htmlFor={selectId} className={`${labelClass} mt-4 inline-block pb-1.5`}>
        {t("demo:forms.flags.field")}
      </label>
      <Select
        id={selectId}
        value={field}
        onChange={(event) => onChoose(event.currentTarget.value as DemoField)}
      >
        {demoFields.map((name) => (
          <option key={name} value={name}>
            {labels[name]}
          </option>
        ))}
      </Select>
      <dl className="mt-4 grid grid-cols-2 gap-2" data-testid="field-flags">
        {fieldFlagNames.map((flag) => {
          const on = flags[flag];
          return (
            <div
              key={flag}
              data-flag={flag}
              data-on={on ? "true" : "false"}
              className={`flex min-h-9 items-center justify-between gap-2 border px-2.5 text-sm ${
                on ? "border-ink bg-ink text-paper" : "border-line text-muted"
              }`}
            >
              <dt className="font-mono text-xs">{flag}</dt>
              <dd className="flex items-center">
                {on ? (
                  <Check aria-hidden="true" className="size-4" strokeWidth={2} />
                ) : (
                  <Minus aria-hidden="true" className="size-4" strokeWidth={2} />
                )}
                <span className="sr-only">{t(on ? "demo:forms.flags.on" : "demo:forms.flags.off")}</span>
              </dd>
            </div>
          );
        })}
      </dl>
    </aside>
  );
}
