// Operator settings, maintenance mode and site notices, each change with its audit entry.
import type { Locale } from "../../platform/i18n/locales";
import {
  endNotice,
  publishNotice,
  readSetting,
  type SettingKey,
  setMaintenanceMode,
  settingDefinitions,
  settingSchema,
  settingValue,
  storedSetting,
  writeSetting,
} from "../content/content.server";
import { highlightThresholds, setHighlightThresholds } from "../highlights/highlights.server";
import type { HighlightThresholds } from "../highlights/thresholds";
import { saveQuizContent, saveStudentDomains } from "../marketing/marketing.server";
import type { QuizContent } from "../marketing/quiz";
import { methodAvailability } from "../payments/payments.server";
import { audited, changes, type StaffActor } from "./audit.server";
import type { NoticeInput, PaymentMethodsInput } from "./validation";

/** Saves one operator setting (validated against its definition again: the server decides). */
export async function changeSetting(actor: StaffActor, key: SettingKey, value: Record<string, number>) {
  const parsed = settingSchema(key).parse(value);
  return audited(actor, async (tx) => {
    const before = settingValue(key, await readSetting(key, { tx }));
    await writeSetting(key, storedSetting(key, parsed), { by: actor.id, tx });
    const diff = changes(before, parsed);
    return {
      result: parsed,
      audit: diff && {
        action: "setting.update",
        target: { type: "setting", id: key },
        summary: `${settingDefinitions[key].title}: ${Object.entries(diff.after)
          .map(([field, v]) => `${field} ${diff.before[field]} → ${v}`)
          .join(", ")}`,
        ...diff,
      },
    };
  });
}

/** Saves the student e-mail domains per country (a domain a line), with the lines added and removed. */
export function changeStudentDomains(actor: StaffActor, lists: Record<"NL" | "BE" | "FR" | "ES", string>) {
  return audited(actor, async (tx) => {
    const { before, after } = await saveStudentDomains(lists, { by: actor.id, tx });
    const summary = (Object.keys(after) as (keyof typeof after)[])
      .map((country) => {
        const added = after[country].filter((d) => !before[country].includes(d));
        const removed = before[country].filter((d) => !after[country].includes(d));
        return added.length + removed.length === 0
          ? null
          : `${country} ${[...added.map((d) => `+${d}`), ...removed.map((d) => `-${d}`)].join(" ")}`;
      })
      .filter((line) => line !== null);
    return {
      result: after,
      audit:
        summary.length > 0
          ? {
              action: "setting.update",
              target: { type: "setting", id: "studentEmailDomains" },
              summary: `Student e-mail domains: ${summary.join("; ")}`,
              before,
              after,
            }
          : null,
    };
  });
}

export function changeHighlightThresholds(actor: StaffActor, thresholds: HighlightThresholds) {
  return audited(actor, async (tx) => {
    const before = await highlightThresholds({ tx });
    await setHighlightThresholds(thresholds, { by: actor.id, tx });
    const diff = changes(before, thresholds);
    return {
      result: thresholds,
      audit: diff && {
        action: "setting.update",
        target: { type: "setting", id: "highlightThresholds" },
        summary: `Highlight thresholds: ${Object.keys(diff.after).join(", ")}`,
        ...diff,
      },
    };
  });
}

export function changeMaintenanceMode(actor: StaffActor, on: boolean, wasOn: boolean) {
  return audited(actor, async (tx) => {
    await setMaintenanceMode(on, { by: actor.id, tx });
    return {
      result: on,
      audit:
        on === wasOn
          ? null
          : {
              action: on ? "maintenance.on" : "maintenance.off",
              target: { type: "setting", id: "maintenanceMode" },
              summary: on ? "Shop closed for maintenance" : "Shop reopened",
              before: { maintenance: wasOn },
              after: { maintenance: on },
            },
    };
  });
}

export function publishSiteNotice(actor: StaffActor, input: NoticeInput) {
  return audited(actor, async (tx) => {
    const notice = {
      message: input.message as Record<Locale, string>,
      tone: input.tone,
      startsAt: input.startsAt,
      endsAt: input.endsAt,
    };
    const id = await publishNotice(notice, { tx });
    return {
      result: id,
      audit: {
        action: "notice.publish",
        target: { type: "notice", id },
        summary: `Notice published: ${input.message.en}`,
        after: JSON.parse(JSON.stringify(notice)),
      },
    };
  });
}

export function endSiteNotice(actor: StaffActor, id: number) {
  return audited(actor, async (tx) => {
    const before = await endNotice(id, { tx });
    return {
      result: before !== null,
      audit: before && {
        action: "notice.end",
        target: { type: "notice", id },
        summary: `Notice ended: ${before.message.en ?? ""}`,
        before: JSON.parse(JSON.stringify({ endsAt: before.endsAt })),
        after: { endsAt: new Date().toISOString() },
      },
    };
  });
}

const PAYMENT_METHODS_SETTING = "payments.methods";

/**
 * Saves where and for which amounts each payment method is offered (the payments domain's
 * `payments.methods` setting, read by `availablePaymentMethods`).
 */
export async function changePaymentMethods(actor: StaffActor, input: PaymentMethodsInput) {
  const setting = Object.fromEntries(
    Object.entries(input.methods).map(([method, rule]) => [
      method,
      {
        enabled: rule.enabled,
        countries: rule.countries,
        ...(rule.min === undefined ? {} : { minCents: rule.min }),
        ...(rule.max === undefined ? {} : { maxCents: rule.max }),
      },
    ]),
  );
  const before = JSON.parse(JSON.stringify(await methodAvailability())) as Record<string, unknown>;
  return audited(actor, async (tx) => {
    await writeSetting(PAYMENT_METHODS_SETTING, setting, { by: actor.id, tx });
    const diff = changes(before, setting);
    return {
      result: setting,
      audit: diff && {
        action: "setting.update",
        target: { type: "setting", id: PAYMENT_METHODS_SETTING },
        summary: `Payment methods: ${Object.keys(diff.after).join(", ")}`,
        ...diff,
      },
    };
  });
}

/** Saves the quiz's personas and questions (four languages), audited with the ids before and after. */
export function changeQuiz(actor: StaffActor, content: QuizContent) {
  return audited(actor, async (tx) => {
    const { before, after } = await saveQuizContent(content, { by: actor.id, tx });
    const ids = (quiz: QuizContent) => ({
      personas: quiz.personas.map((p) => p.id),
      questions: quiz.questions.map((q) => q.id),
    });
    return {
      result: after,
      audit:
        JSON.stringify(before) === JSON.stringify(after)
          ? null
          : {
              action: "setting.update",
              target: { type: "setting", id: "quiz" },
              summary: `Quiz saved: ${after.personas.length} personas, ${after.questions.length} questions`,
              before: ids(before),
              after: ids(after),
            },
    };
  });
}
