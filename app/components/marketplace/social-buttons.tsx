import { Heart, Share2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { usePageHref, useRouting } from "~/routing/use-routing";
import { sendMarketplaceBeacon, toggleSocial, useSocial } from "./use-social";

const outline =
  "inline-flex min-h-12 items-center justify-center gap-2 border border-ink bg-white px-5 text-sm tracking-wider uppercase transition-colors hover:bg-sand aria-disabled:opacity-60";

/** Signs the visitor in first: the API's 401 sends them to the login page and back here. */
function toLogin(loginPath: string) {
  const back = window.location.pathname + window.location.search;
  window.location.assign(`${loginPath}?redirect=${encodeURIComponent(back)}`);
}

/**
 * Favourite a listing: with JavaScript through the API (the heart follows at once); without, a form that
 * posts to the listing page's action (which signs the visitor in first).
 */
export function FavouriteButton({
  listingId,
  title,
  count,
}: {
  listingId: number;
  title: string;
  count: number;
}) {
  const { t } = useTranslation("marketplace");
  const { locale } = useRouting();
  const login = usePageHref()("login");
  const pressed = useSocial((bits) => bits?.favourites.includes(listingId) ?? false);
  const [error, setError] = useState<string | null>(null);
  const [shown, setShown] = useState(count);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const outcome = await toggleSocial("favourites", listingId, !pressed, locale);
    if (outcome.status === 401) return toLogin(login);
    if (!outcome.ok) setError((outcome.body as { message?: string } | null)?.message ?? t("social.failed"));
    else setShown((outcome.body as { wishlistCount: number }).wishlistCount);
  };
  return (
    <Form method="post" onSubmit={submit} className="relative">
      <input type="hidden" name="intent" value={pressed ? "unfavourite" : "favourite"} />
      <button type="submit" aria-pressed={pressed} className={outline} data-favourite-button>
        <Heart
          aria-hidden="true"
          strokeWidth={1.5}
          className={`size-5 ${pressed ? "fill-accent text-accent" : ""}`}
        />
        {/* The name is the visible words plus the listing's title for screen readers (no aria-label, so
            what is seen is what is said). */}
        <span>{pressed ? t("social.favourited") : t("social.favouriteShort")}</span>
        <span className="sr-only">{title}</span>
        <span className="text-muted" data-favourite-count>
          {shown}
        </span>
      </button>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-sale">
          {error}
        </p>
      ) : null}
    </Form>
  );
}

/** Follow a store (JavaScript: the API; without: the store page's action). */
export function FollowButton({
  handle,
  name,
  followers,
}: {
  handle: string;
  name: string;
  followers: number;
}) {
  const { t } = useTranslation("marketplace");
  const { locale } = useRouting();
  const login = usePageHref()("login");
  const pressed = useSocial((bits) => bits?.following.includes(handle) ?? false);
  const [error, setError] = useState<string | null>(null);
  const [shown, setShown] = useState(followers);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const outcome = await toggleSocial("following", handle, !pressed, locale);
    if (outcome.status === 401) return toLogin(login);
    if (!outcome.ok) setError((outcome.body as { message?: string } | null)?.message ?? t("social.failed"));
    else setShown((outcome.body as { followers: number }).followers);
  };
  return (
    <Form method="post" onSubmit={submit} className="flex items-center gap-3">
      <input type="hidden" name="intent" value={pressed ? "unfollow" : "follow"} />
      <button type="submit" aria-pressed={pressed} className={outline} data-follow-button>
        <span>{pressed ? t("store.following") : t("store.follow")}</span>
        <span className="sr-only">{name}</span>
      </button>
      <span className="text-sm" data-followers>
        {t("store.followers", { count: shown })}
      </span>
      {error ? (
        <p role="alert" className="text-sm text-sale">
          {error}
        </p>
      ) : null}
    </Form>
  );
}

/** Share a listing: the system's share sheet where there is one, else the link is copied. */
export function ShareButton({ listingId, title }: { listingId: number; title: string }) {
  const { t } = useTranslation("marketplace");
  const [copied, setCopied] = useState(false);
  const share = async () => {
    const url = window.location.href.split("?")[0] as string;
    try {
      if (navigator.share) await navigator.share({ title, url });
      else {
        await navigator.clipboard.writeText(url);
        setCopied(true);
      }
      sendMarketplaceBeacon({ type: "share", listingId });
    } catch {
      // The visitor closed the share sheet.
    }
  };
  return (
    <div>
      <button type="button" onClick={share} className={outline} aria-label={t("social.share", { title })}>
        <Share2 aria-hidden="true" strokeWidth={1.5} className="size-5" />
        <span aria-hidden="true">{t("social.shareShort")}</span>
      </button>
      <p role="status" className="mt-1 text-xs text-muted">
        {copied ? t("social.copied") : ""}
      </p>
    </div>
  );
}
