import type {} from "altcha/types/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useRouting } from "~/routing/use-routing";

const strings = [
  "label",
  "verifying",
  "verified",
  "error",
  "expired",
  "waitAlert",
  "verificationRequired",
] as const;

/**
 * The ALTCHA proof-of-work check (docs/decisions/0018): the widget fetches a signed challenge, the
 * browser works out the answer in a worker as soon as the page has loaded (a second or two, done before
 * the visitor has filled in the form), and the answer travels
 * with the form as `captcha`. The widget's code loads only on the pages that show it.
 */
export function Captcha({ error, blockedMessage }: { error?: string; blockedMessage?: string }) {
  const { t } = useTranslation("account");
  const { locale } = useRouting();
  const [ready, setReady] = useState(false);
  // The widget's code could not load (an ad or script blocker): the form cannot pass the check.
  const [blocked, setBlocked] = useState(false);
  useEffect(() => {
    let live = true;
    void import("altcha").then(
      () => {
        const altcha = (
          globalThis as { $altcha?: { i18n: { set(name: string, value: Record<string, string>): void } } }
        ).$altcha;
        altcha?.i18n.set(locale, Object.fromEntries(strings.map((key) => [key, t(`captcha.${key}`)])));
        if (live) setReady(true);
      },
      () => {
        if (live) setBlocked(true);
      },
    );
    return () => {
      live = false;
    };
  }, [locale, t]);
  return (
    <div data-captcha={ready ? "ready" : blocked ? "blocked" : "loading"}>
      {blocked && blockedMessage ? (
        <p role="alert" className="mb-2 border border-sale bg-white p-3 text-sm">
          {blockedMessage}
        </p>
      ) : null}
      {ready ? (
        <altcha-widget
          challenge="/api/v1/captcha"
          name="captcha"
          auto="onload"
          language={locale}
          configuration={JSON.stringify({ hideLogo: true, hideFooter: true })}
          style={{ "--altcha-max-width": "100%", "--altcha-border-radius": "0" } as React.CSSProperties}
        />
      ) : (
        <div className="min-h-[58px] border border-line bg-white" aria-hidden="true" />
      )}
      {error ? (
        <p role="alert" className="mt-1.5 text-sm text-sale">
          {error}
        </p>
      ) : null}
    </div>
  );
}
