import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { intlLocales } from "~/platform/i18n/locales";
import { useRouting } from "~/routing/use-routing";

function parts(ms: number) {
  const s = Math.max(0, Math.floor(ms / 1000));
  return {
    days: Math.floor(s / 86_400),
    hours: Math.floor((s % 86_400) / 3600),
    minutes: Math.floor((s % 3600) / 60),
    seconds: s % 60,
  };
}

/**
 * A campaign's countdown. The server renders the end date only (the HTML is shared by every visitor and
 * cached); once hydrated the browser counts down every second. The live numbers are not announced on
 * every tick: the region's label and the end date say it once.
 */
export function Countdown({ title, until }: { title: string; until: string }) {
  const { t } = useTranslation("content");
  const { locale } = useRouting();
  const end = new Date(until).getTime();
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const date = new Intl.DateTimeFormat(intlLocales[locale], {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: "Europe/Amsterdam",
  }).format(new Date(until));
  const left = now === null ? null : parts(end - now);
  const ended = now !== null && end <= now;
  return (
    <section aria-label={title} className="bg-ink px-4 py-8 text-center text-paper">
      <h2 className="font-display text-2xl desktop:text-3xl">{title}</h2>
      {ended ? (
        <p className="mt-3">{t("countdown.ended")}</p>
      ) : (
        <>
          <p className="sr-only">{t("campaigns.endsOn", { date })}</p>
          <p aria-hidden="true" className="mt-3 text-sm tracking-wider uppercase opacity-80">
            {t("countdown.label")}
          </p>
          <p
            aria-hidden="true"
            className="mt-2 flex justify-center gap-4 font-display text-3xl tabular-nums desktop:text-4xl"
          >
            {left ? (
              <>
                <span>{t("countdown.days", { count: left.days })}</span>
                <span>{t("countdown.hours", { count: left.hours })}</span>
                <span>{t("countdown.minutes", { count: left.minutes })}</span>
                <span>{t("countdown.seconds", { count: left.seconds })}</span>
              </>
            ) : (
              <span>{t("campaigns.endsOn", { date })}</span>
            )}
          </p>
        </>
      )}
    </section>
  );
}
