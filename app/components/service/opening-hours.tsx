import { useTranslation } from "react-i18next";
import type { DayHours } from "~/domains/service/hours";

/** The service's opening hours as a definition list, with "open now" and the promised reply time. */
export function OpeningHours({
  schedule,
  openNow,
  replyHours,
}: {
  schedule: DayHours[];
  openNow: boolean;
  replyHours: number;
}) {
  const { t } = useTranslation("service");
  return (
    <div className="space-y-3 text-sm">
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1">
        {schedule.map((day) => (
          <div key={day.days} className="contents">
            <dt className="text-muted">{t(`days.${day.days}`)}</dt>
            <dd>
              {day.from === null ? t("days.closed") : t("days.range", { from: day.from, until: day.until })}
            </dd>
          </div>
        ))}
      </dl>
      <p className="flex items-center gap-2">
        <span
          aria-hidden="true"
          className={`inline-block size-2 rounded-full ${openNow ? "bg-success" : "bg-muted"}`}
        />
        {openNow ? t("status.open") : t("status.closed")}
      </p>
      <p className="text-muted">{t("replyTime", { count: replyHours })}</p>
    </div>
  );
}
