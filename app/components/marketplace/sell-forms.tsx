import type { SubmissionResult } from "@conform-to/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { primaryButton, secondaryButton } from "~/components/account/styles";
import {
  FormErrorSummary,
  InputField,
  SelectField,
  SwitchField,
  TextareaField,
} from "~/components/forms/conform-fields";
import {
  listingCategories,
  listingColourCodes,
  listingConditions,
  listingSizes,
  MAX_PHOTO_BYTES,
  MAX_PHOTOS,
  sellerTypes,
  storeCountries,
  storeGridTypes,
} from "~/domains/marketplace/attributes";
import {
  ListingSchema,
  StoreSchema,
  StoreSettingsSchema,
  TraderSchema,
} from "~/domains/marketplace/validation";
import { useShopForm } from "~/platform/forms/use-shop-form";

type LastResult = SubmissionResult<string[]> | null | undefined;

/** The sell flow's first step: opening a store (one per customer; the handle is its lasting address). */
export function OpenStoreForm({ lastResult }: { lastResult: LastResult }) {
  const { t } = useTranslation("marketplace");
  const pending = useNavigation().state === "submitting";
  const shop = useShopForm({
    schema: StoreSchema,
    id: "open-store",
    lastResult,
    pending,
    defaultValue: { country: "NL", gridType: "grid", sellerType: "private" },
  });
  const { fields } = shop;
  const labels = {
    name: t("fields.storeName"),
    handle: t("fields.handle"),
    bio: t("fields.bio"),
    country: t("fields.country"),
    gridType: t("fields.gridType"),
    sellerType: t("fields.sellerType"),
  };
  return (
    <Form method="post" {...shop.formProps} className="max-w-2xl space-y-5">
      <input type="hidden" name="intent" value="open-store" />
      <FormErrorSummary form={shop} labels={labels} />
      <InputField meta={fields.name} label={labels.name} autoComplete="off" />
      <InputField
        meta={fields.handle}
        label={labels.handle}
        autoComplete="off"
        autoCapitalize="none"
        description={t("sell.handleHelp")}
      />
      <TextareaField meta={fields.bio} label={labels.bio} rows={4} />
      <div className="grid gap-5 sm:grid-cols-3">
        <SelectField meta={fields.country} label={labels.country}>
          {storeCountries.map((code) => (
            <option key={code} value={code}>
              {t(`countries.${code}`)}
            </option>
          ))}
        </SelectField>
        <SelectField meta={fields.gridType} label={labels.gridType}>
          {storeGridTypes.map((code) => (
            <option key={code} value={code}>
              {t(`sell.gridTypes.${code}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          meta={fields.sellerType}
          label={labels.sellerType}
          description={t("sell.sellerTypeHelp")}
        >
          {sellerTypes.map((code) => (
            <option key={code} value={code}>
              {t(`sell.sellerTypes.${code}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <button type="submit" className={primaryButton} aria-disabled={pending || undefined}>
        {t("sell.openStore")}
      </button>
    </Form>
  );
}

/** A business seller's trader details (DSA art. 30), given before the first listing. */
export function TraderForm({ lastResult }: { lastResult: LastResult }) {
  const { t } = useTranslation("marketplace");
  const pending = useNavigation().state === "submitting";
  const shop = useShopForm({ schema: TraderSchema, id: "trader", lastResult, pending });
  const { fields } = shop;
  const labels = {
    legalName: t("fields.legalName"),
    address: t("fields.traderAddress"),
    phone: t("fields.traderPhone"),
    email: t("fields.traderEmail"),
    tradeRegister: t("fields.tradeRegister"),
    certify: t("fields.certify"),
  };
  return (
    <Form method="post" {...shop.formProps} className="max-w-2xl space-y-5">
      <input type="hidden" name="intent" value="trader" />
      <FormErrorSummary form={shop} labels={labels} />
      <InputField meta={fields.legalName} label={labels.legalName} autoComplete="organization" />
      <InputField meta={fields.address} label={labels.address} autoComplete="street-address" />
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField meta={fields.phone} label={labels.phone} type="tel" autoComplete="tel" />
        <InputField meta={fields.email} label={labels.email} type="email" autoComplete="email" />
      </div>
      <InputField meta={fields.tradeRegister} label={labels.tradeRegister} />
      <SwitchField meta={fields.certify} label={labels.certify} />
      <button type="submit" className={primaryButton} aria-disabled={pending || undefined}>
        {t("sell.saveTrader")}
      </button>
    </Form>
  );
}

export type ListingFormValues = {
  title?: string;
  description?: string;
  category?: string;
  size?: string;
  colour?: string;
  brand?: string;
  condition?: string;
  material?: string;
  price?: string;
};

/**
 * The listing's fields with a photo picker (files go with the form: `multipart/form-data`). The browser
 * warns at once about too many or too large files; the server checks everything again.
 */
export function ListingForm({
  lastResult,
  defaults,
  photoCount,
  isDraft,
  hidden,
}: {
  lastResult: LastResult;
  defaults: ListingFormValues;
  photoCount: number;
  isDraft: boolean;
  hidden?: Record<string, string>;
}) {
  const { t } = useTranslation("marketplace");
  const pending = useNavigation().state === "submitting";
  const [photoProblem, setPhotoProblem] = useState<string | null>(null);
  const shop = useShopForm({
    schema: ListingSchema,
    id: "listing",
    lastResult,
    pending,
    defaultValue: defaults,
  });
  const { fields } = shop;
  const labels = {
    title: t("fields.title"),
    description: t("fields.description"),
    category: t("fields.category"),
    size: t("fields.size"),
    colour: t("fields.colour"),
    brand: t("fields.brand"),
    condition: t("fields.condition"),
    material: t("fields.material"),
    price: t("fields.price"),
  };
  const photoError = lastResult?.error?.photos?.[0] ?? null;
  const problem = photoProblem ?? photoError;
  return (
    <Form method="post" encType="multipart/form-data" {...shop.formProps} className="space-y-5">
      <input type="hidden" name="intent" value="save" />
      {Object.entries(hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <FormErrorSummary form={shop} labels={labels} />
      <div>
        <label htmlFor="listing-photos" className="block text-sm font-medium">
          {t("fields.photos")}
        </label>
        <p id="listing-photos-help" className="text-sm text-muted">
          {t("sell.photosHelp", { held: photoCount, max: MAX_PHOTOS, megabytes: MAX_PHOTO_BYTES / 1048576 })}
        </p>
        <input
          id="listing-photos"
          type="file"
          name="photos"
          multiple
          accept="image/jpeg,image/png,image/webp,image/avif,image/heic,image/heif"
          aria-describedby={`listing-photos-help${problem ? " listing-photos-error" : ""}`}
          aria-invalid={problem ? true : undefined}
          className="mt-2 block w-full text-sm file:me-4 file:min-h-11 file:border file:border-ink file:bg-white file:px-4"
          onChange={(event) => {
            const files = [...(event.currentTarget.files ?? [])];
            const large = files.find((file) => file.size > MAX_PHOTO_BYTES);
            setPhotoProblem(
              files.length + photoCount > MAX_PHOTOS
                ? t("errors.tooManyPhotos", { count: MAX_PHOTOS })
                : large
                  ? t("errors.photoTooLarge", { name: large.name, megabytes: MAX_PHOTO_BYTES / 1048576 })
                  : null,
            );
          }}
        />
        {problem ? (
          <p id="listing-photos-error" role="alert" className="mt-1 text-sm text-sale">
            {problem}
          </p>
        ) : null}
      </div>
      <InputField meta={fields.title} label={labels.title} autoComplete="off" />
      <TextareaField meta={fields.description} label={labels.description} rows={5} />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField meta={fields.category} label={labels.category} placeholder={t("sell.choose")}>
          {listingCategories.map((code) => (
            <option key={code} value={code}>
              {t(`categories.${code}`)}
            </option>
          ))}
        </SelectField>
        <SelectField meta={fields.size} label={labels.size} placeholder={t("sell.choose")}>
          {listingSizes.map((code) => (
            <option key={code} value={code}>
              {code === "one-size" ? t("sizes.one-size") : code}
            </option>
          ))}
        </SelectField>
        <SelectField meta={fields.colour} label={labels.colour} placeholder={t("sell.choose")}>
          {listingColourCodes.map((code) => (
            <option key={code} value={code}>
              {t(`colours.${code}`)}
            </option>
          ))}
        </SelectField>
        <SelectField meta={fields.condition} label={labels.condition} placeholder={t("sell.choose")}>
          {listingConditions.map((code) => (
            <option key={code} value={code}>
              {t(`conditions.${code}`)}
            </option>
          ))}
        </SelectField>
        <InputField meta={fields.brand} label={labels.brand} autoComplete="off" />
        <InputField meta={fields.material} label={labels.material} autoComplete="off" />
      </div>
      <InputField
        meta={fields.price}
        label={labels.price}
        inputMode="decimal"
        className="max-w-xs"
        autoComplete="off"
      />
      <div className="flex flex-wrap gap-3 pt-2">
        <button
          type="submit"
          name="publish"
          value={isDraft ? "publish" : "keep"}
          className={primaryButton}
          aria-disabled={pending || undefined}
        >
          {isDraft ? t("sell.publish") : t("sell.save")}
        </button>
        {isDraft ? (
          <button
            type="submit"
            name="publish"
            value="draft"
            className={secondaryButton}
            aria-disabled={pending || undefined}
          >
            {t("sell.saveDraft")}
          </button>
        ) : null}
      </div>
    </Form>
  );
}
/** The store settings (my marketplace): name, bio, layout and the holiday closure with its return date. */
export function StoreSettingsForm({
  lastResult,
  defaults,
}: {
  lastResult: LastResult;
  defaults: { name: string; bio: string; gridType: string; isClosed: boolean; closedUntil: string | null };
}) {
  const { t } = useTranslation("marketplace");
  const pending = useNavigation().state === "submitting";
  const shop = useShopForm({
    schema: StoreSettingsSchema,
    id: "store-settings",
    lastResult,
    pending,
    defaultValue: {
      name: defaults.name,
      bio: defaults.bio,
      gridType: defaults.gridType,
      isClosed: defaults.isClosed ? "on" : "",
      closedUntil: defaults.closedUntil ?? "",
    },
  });
  const { fields } = shop;
  const labels = {
    name: t("fields.storeName"),
    bio: t("fields.bio"),
    gridType: t("fields.gridType"),
    isClosed: t("fields.isClosed"),
    closedUntil: t("fields.closedUntil"),
  };
  return (
    <Form method="post" {...shop.formProps} className="max-w-2xl space-y-5">
      <input type="hidden" name="intent" value="store-settings" />
      <FormErrorSummary form={shop} labels={labels} />
      <InputField meta={fields.name} label={labels.name} />
      <TextareaField meta={fields.bio} label={labels.bio} rows={4} />
      <SelectField meta={fields.gridType} label={labels.gridType}>
        {storeGridTypes.map((code) => (
          <option key={code} value={code}>
            {t(`sell.gridTypes.${code}`)}
          </option>
        ))}
      </SelectField>
      <SwitchField meta={fields.isClosed} label={labels.isClosed} />
      <InputField meta={fields.closedUntil} label={labels.closedUntil} type="date" />
      <button type="submit" className={primaryButton} aria-disabled={pending || undefined}>
        {t("sell.saveStore")}
      </button>
    </Form>
  );
}
