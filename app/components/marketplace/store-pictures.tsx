import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { secondaryButton } from "~/components/account/styles";
import type { ImageSet } from "~/domains/catalog/image-set";
import { MAX_PHOTO_BYTES } from "~/domains/marketplace/attributes";

type Kind = "image" | "banner";

/** The store's picture and banner: upload one (a photo, EXIF stripped by the server) or remove it. */
export function StorePicturesForm({
  image,
  banner,
  bannerColour,
}: {
  image: ImageSet | null;
  banner: ImageSet | null;
  bannerColour: string;
}) {
  const { t } = useTranslation("marketplace");
  const pending = useNavigation().state === "submitting";
  const current: Record<Kind, ImageSet | null> = { image, banner };
  return (
    <section aria-labelledby="store-pictures-title" className="mb-10 max-w-2xl">
      <h2 id="store-pictures-title" className="mb-2 font-display text-2xl">
        {t("my.pictures.title")}
      </h2>
      <p className="mb-4 text-sm text-muted">
        {t("my.pictures.help", { megabytes: MAX_PHOTO_BYTES / 1024 / 1024 })}
      </p>
      <div className="space-y-6">
        {(["image", "banner"] as const).map((kind) => {
          const set = current[kind];
          const inputId = `store-${kind}-file`;
          return (
            <div key={kind} className="border border-line bg-white p-4" data-store-picture={kind}>
              <p className="mb-3 font-medium">{t(`my.pictures.${kind}`)}</p>
              {set ? (
                <img
                  src={kind === "image" ? set.w200.url : set.w600.url}
                  alt={t(`my.pictures.${kind}`)}
                  className={
                    kind === "image"
                      ? "mb-3 size-20 rounded-full object-cover"
                      : "mb-3 h-24 w-full object-cover"
                  }
                />
              ) : (
                <p
                  className={
                    kind === "image" ? "mb-3 text-sm text-muted" : "mb-3 h-24 w-full text-sm text-muted"
                  }
                  style={kind === "banner" ? { backgroundColor: bannerColour } : undefined}
                >
                  {t("my.pictures.none")}
                </p>
              )}
              <Form
                method="post"
                encType="multipart/form-data"
                className="flex flex-wrap items-end gap-3"
                id={`store-${kind}`}
              >
                <input type="hidden" name="intent" value="store-picture" />
                <input type="hidden" name="kind" value={kind} />
                <label htmlFor={inputId} className="sr-only">
                  {t(`my.pictures.${kind}`)}
                </label>
                <input
                  id={inputId}
                  type="file"
                  name="photo"
                  accept="image/*"
                  required
                  className="max-w-full text-sm"
                />
                <button type="submit" className={secondaryButton} aria-disabled={pending || undefined}>
                  {t("my.pictures.upload")}
                </button>
              </Form>
              {set ? (
                <Form method="post" className="mt-3">
                  <input type="hidden" name="intent" value="store-picture" />
                  <input type="hidden" name="kind" value={kind} />
                  <input type="hidden" name="remove" value="1" />
                  <button type="submit" className="text-sm underline" aria-disabled={pending || undefined}>
                    {t("my.pictures.remove")}
                  </button>
                </Form>
              ) : null}
            </div>
          );
        })}
      </div>
    </section>
  );
}
