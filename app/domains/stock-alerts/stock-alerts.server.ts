import { and, inArray, isNull, sql } from "drizzle-orm";
import type { Queryable } from "../../platform/db/db.server";
import { transaction } from "../../platform/db/transaction.server";
import { env } from "../../platform/env.server";
import type { Locale } from "../../platform/i18n/locales";
import { defineJob } from "../../platform/jobs/jobs.server";
import { logger } from "../../platform/logging/logger.server";
import { href } from "../../routing/urls";
import { activeVariantStock, orderableVariantIds, variantLabels } from "../catalog/catalog.server";
import { queueEmail, queueSms } from "../notifications/notifications.server";
import { stockAlerts } from "./tables.server";
import type { StockAlertInput } from "./validation";

export type SubscribeResult =
  | { ok: true; created: boolean }
  /** The variant is unknown, or in stock (nothing to wait for): the spec's "stock alert failure". */
  | { ok: false; messageKey: "product:stockAlert.failed" };

function productUrl(locale: Locale, slug: string): string {
  return `${env().BASE_URL}${href("product", { product: slug }, locale, env().I18N_STRATEGY)}`;
}

/**
 * Signs a contact up for a sold-out variant. Idempotent per contact and variant: a second sign-up while the
 * first is open changes nothing and sends no second confirmation. The confirmation e-mail is written in the
 * same transaction (outbox), in the shopper's locale.
 */
export async function subscribeStockAlert(
  input: StockAlertInput,
  locale: Locale,
  options: { on?: Queryable } = {},
): Promise<SubscribeResult> {
  const email = input.email?.trim().toLowerCase() || null;
  const phone = input.phone?.trim() || null;
  return transaction(
    async (tx) => {
      const stock = await activeVariantStock(tx, input.variantId);
      if (stock === null || stock > 0) return { ok: false, messageKey: "product:stockAlert.failed" } as const;
      const inserted = await tx
        .insert(stockAlerts)
        .values({ variantId: input.variantId, email, phone, locale })
        .onConflictDoNothing()
        .returning({ id: stockAlerts.id });
      if (inserted.length === 0) return { ok: true, created: false } as const;
      if (email) {
        const label = (await variantLabels(tx, locale, [input.variantId])).get(input.variantId);
        if (label) {
          await queueEmail(tx, {
            to: email,
            locale,
            template: "stockAlertConfirmation",
            data: { productName: label.name, size: label.size, productUrl: productUrl(locale, label.slug) },
          });
        }
      }
      return { ok: true, created: true } as const;
    },
    { on: options.on },
  );
}

/**
 * Sends every open alert whose variant has stock again, once: the message goes to the outbox and the alert
 * is marked notified in the same transaction. Rows are claimed with SKIP LOCKED, so replicas running this
 * together never send an alert twice.
 */
export async function notifyBackInStock(options: { limit?: number; on?: Queryable } = {}) {
  return transaction(
    async (tx) => {
      const waiting = await tx
        .selectDistinct({ variantId: stockAlerts.variantId })
        .from(stockAlerts)
        .where(isNull(stockAlerts.notifiedAt));
      const restocked = await orderableVariantIds(
        tx,
        waiting.map((w) => w.variantId),
      );
      if (restocked.length === 0) return { notified: 0 };
      const due = await tx
        .select({
          id: stockAlerts.id,
          variantId: stockAlerts.variantId,
          email: stockAlerts.email,
          phone: stockAlerts.phone,
          locale: stockAlerts.locale,
        })
        .from(stockAlerts)
        .where(and(isNull(stockAlerts.notifiedAt), inArray(stockAlerts.variantId, restocked)))
        .orderBy(stockAlerts.id)
        .limit(options.limit ?? 200)
        .for("update", { skipLocked: true });
      let sent = 0;
      const byLocale = new Map<Locale, number[]>();
      for (const alert of due) {
        const locale = alert.locale as Locale;
        byLocale.set(locale, [...(byLocale.get(locale) ?? []), alert.variantId]);
      }
      const labels = new Map<string, { name: string; slug: string; size: string }>();
      for (const [locale, ids] of byLocale) {
        for (const [id, label] of await variantLabels(tx, locale, [...new Set(ids)]))
          labels.set(`${locale}:${id}`, label);
      }
      for (const alert of due) {
        const locale = alert.locale as Locale;
        const label = labels.get(`${locale}:${alert.variantId}`);
        if (label) {
          const url = productUrl(locale, label.slug);
          if (alert.email) {
            await queueEmail(tx, {
              to: alert.email,
              locale,
              template: "backInStock",
              data: { productName: label.name, size: label.size, productUrl: url },
            });
          }
          if (alert.phone) {
            await queueSms(tx, {
              to: alert.phone,
              locale,
              template: "backInStock",
              values: { product: label.name, size: label.size, url },
            });
          }
          sent++;
        }
      }
      if (due.length > 0) {
        await tx
          .update(stockAlerts)
          .set({ notifiedAt: sql`now()` })
          .where(
            inArray(
              stockAlerts.id,
              due.map((a) => a.id),
            ),
          );
      }
      return { notified: sent };
    },
    { on: options.on },
  );
}

/** Checks for restocked variants every minute. */
export const notifyBackInStockJob = defineJob<{ reason: string }>({
  name: "stock-alerts.notify",
  schedule: { cron: "* * * * *", data: { reason: "schedule" } },
  options: { retryLimit: 0, expireInSeconds: 300 },
  async handle() {
    const { notified } = await notifyBackInStock();
    if (notified > 0) logger.info({ notified }, "back-in-stock alerts sent");
  },
});
