import { and, inArray, isNull, sql } from "drizzle-orm";
import { transaction } from "../../platform/db/transaction.server";
import { env } from "../../platform/env.server";
import type { Locale } from "../../platform/i18n/locales";
import { defineJob } from "../../platform/jobs/jobs.server";
import { logger } from "../../platform/logging/logger.server";
import { type Refusal, refuse } from "../../platform/refusal";
import { href } from "../../routing/urls";
import { activeVariantStock, orderableVariantIds, variantLabels } from "../catalog/catalog.server";
import { queueEmail, queueSms } from "../notifications/notifications.server";
import { stockAlerts } from "./tables.server";
import type { StockAlertInput } from "./validation";

function productUrl(locale: Locale, slug: string): string {
  return `${env().BASE_URL}${href("product", { product: slug }, locale, env().I18N_STRATEGY)}`;
}

/**
 * Signs a contact up for a sold-out variant. Idempotent per contact and variant: a second sign-up while the
 * first is open changes nothing (`created: false`) and sends no second confirmation. The confirmation
 * e-mail is written in the same transaction (outbox), in the shopper's locale. The spec's "stock alert
 * failure" when the variant is unknown, or in stock (nothing to wait for).
 */
export async function subscribeStockAlert(
  input: StockAlertInput,
  locale: Locale,
): Promise<{ created: boolean } | Refusal> {
  const email = input.email?.trim().toLowerCase() || null;
  const phone = input.phone?.trim() || null;
  return transaction(async (tx) => {
    const stock = await activeVariantStock(input.variantId, { tx });
    if (stock === null || stock > 0) return refuse.conflict("product:stockAlert.failed");
    const inserted = await tx
      .insert(stockAlerts)
      .values({ variantId: input.variantId, email, phone, locale })
      .onConflictDoNothing()
      .returning({ id: stockAlerts.id });
    if (inserted.length === 0) return { created: false };
    if (email) {
      const label = (await variantLabels(locale, [input.variantId], { tx })).get(input.variantId);
      if (label) {
        await queueEmail(
          {
            to: email,
            locale,
            template: "stockAlertConfirmation",
            data: { productName: label.name, size: label.size, productUrl: productUrl(locale, label.slug) },
          },
          { tx },
        );
      }
    }
    return { created: true };
  });
}

/**
 * Sends every open alert whose variant has stock again, once: the message goes to the outbox and the alert
 * is marked notified in the same transaction. Rows are claimed with SKIP LOCKED, so replicas running this
 * together never send an alert twice.
 */
export async function notifyBackInStock(options: { limit?: number } = {}) {
  return transaction(async (tx) => {
    const waiting = await tx
      .selectDistinct({ variantId: stockAlerts.variantId })
      .from(stockAlerts)
      .where(isNull(stockAlerts.notifiedAt));
    const restocked = await orderableVariantIds(
      waiting.map((w) => w.variantId),
      { tx },
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
      for (const [id, label] of await variantLabels(locale, [...new Set(ids)], { tx }))
        labels.set(`${locale}:${id}`, label);
    }
    for (const alert of due) {
      const locale = alert.locale as Locale;
      const label = labels.get(`${locale}:${alert.variantId}`);
      if (label) {
        const url = productUrl(locale, label.slug);
        if (alert.email) {
          await queueEmail(
            {
              to: alert.email,
              locale,
              template: "backInStock",
              data: { productName: label.name, size: label.size, productUrl: url },
            },
            { tx },
          );
        }
        if (alert.phone) {
          await queueSms(
            {
              to: alert.phone,
              locale,
              template: "backInStock",
              values: { product: label.name, size: label.size, url },
            },
            { tx },
          );
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
  });
}

const BATCH = 200;

/**
 * Checks for restocked variants every minute (docs/decisions/0042): it reads the state, stock > 0 for a
 * size with open alerts, not the change, so every writer wakes the alerts without knowing of them: the
 * back office, a return scanned in, an expired or canceled order giving its units back, an import or a
 * hand-written UPDATE. Batches follow each other until a burst is sent; each batch its own transaction.
 */
export const notifyBackInStockJob = defineJob<{ reason: string }>({
  name: "stock-alerts.notify",
  schedule: { cron: "* * * * *", data: { reason: "schedule" } },
  options: { retryLimit: 0, expireInSeconds: 300 },
  async handle() {
    let total = 0;
    for (let batch = 0; batch < 50; batch++) {
      const { notified } = await notifyBackInStock({ limit: BATCH });
      total += notified;
      if (notified < BATCH) break;
    }
    if (total > 0) logger.info({ notified: total }, "back-in-stock alerts sent");
  },
});
