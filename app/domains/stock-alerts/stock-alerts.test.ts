import { eq, inArray, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { seededDatabase } from "../../../tests/support/database";
import type { Connection } from "../../platform/db/db.server";
import { transaction } from "../../platform/db/transaction.server";
import { parseShopForm } from "../../platform/forms/submission";
import { returnStock } from "../catalog/catalog.server";
import { productTranslations, productVariants } from "../catalog/tables.server";
import { outboxMessages } from "../notifications/tables.server";
import { notifyBackInStock, subscribeStockAlert } from "./stock-alerts.server";
import { stockAlerts } from "./tables.server";
import { StockAlertSchema, stockAlertMessageKeys } from "./validation";

let connection: Connection;
let variant: { id: number; productId: number; size: string };

beforeAll(async () => {
  connection = await seededDatabase({
    products: 12,
    seed: 5,
    now: new Date("2026-06-01T10:00:00Z"),
  });
  const [row] = await connection.db
    .select({ id: productVariants.id, productId: productVariants.productId, size: productVariants.size })
    .from(productVariants)
    .limit(1);
  variant = row!;
}, 180_000);
afterAll(() => connection.close());
beforeEach(async () => {
  await connection.db.delete(outboxMessages);
  await connection.db.delete(stockAlerts);
  await connection.db.update(productVariants).set({ stock: 0 }).where(eq(productVariants.id, variant.id));
});

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.set(name, value);
  return parseShopForm(data, StockAlertSchema);
};

describe("stock-alert form", () => {
  it("needs a size and an e-mail address or a phone number", () => {
    const none = form({ variantId: "", email: "", phone: "" });
    expect(none.status === "error" && none.error).toMatchObject({
      variantId: [stockAlertMessageKeys.sizeRequired],
      email: [stockAlertMessageKeys.contactRequired],
    });
    expect(form({ variantId: "4", email: "anna@example.nl" }).status).toBe("success");
    expect(form({ variantId: "4", phone: "06 12345678" }).status).toBe("success");
    expect(form({ variantId: "4", email: "anna@example.nl", phone: "+32 470 12 34 56" }).status).toBe(
      "success",
    );
  });

  it("refuses a bad e-mail address or phone number with the field's own message", () => {
    const bad = form({ variantId: "4", email: "anna@", phone: "" });
    expect(bad.status === "error" && bad.error?.email?.[0]).toMatch(/^forms:validation\.email/);
    const badPhone = form({ variantId: "4", phone: "12" });
    expect(badPhone.status === "error" && badPhone.error?.phone?.[0]).toMatch(/^forms:validation\.phone/);
  });

  it("normalises the phone number", () => {
    const ok = form({ variantId: "4", phone: "06 12345678" });
    expect(ok.status === "success" && ok.value.phone).toBe("+31612345678");
  });
});

describe("subscribeStockAlert", () => {
  it("stores the alert once per contact and variant, with one confirmation e-mail in the shopper's locale", async () => {
    const input = { variantId: variant.id, email: "Anna@Example.nl" };
    expect(await subscribeStockAlert(input, "nl")).toEqual({ created: true });
    expect(await subscribeStockAlert({ ...input, email: "anna@example.nl" }, "nl")).toEqual({
      created: false,
    });
    const alerts = await connection.db.select().from(stockAlerts);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({
      email: "anna@example.nl",
      phone: null,
      locale: "nl",
      notifiedAt: null,
    });
    const mails = await connection.db.select().from(outboxMessages);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ channel: "email", recipient: "anna@example.nl", locale: "nl" });
    const [nl] = await connection.db
      .select({ name: productTranslations.name, slug: productTranslations.slug })
      .from(productTranslations)
      .where(eq(productTranslations.productId, variant.productId))
      .then((rows) => rows.filter(Boolean));
    expect(mails[0]!.subject).toBe("We laten het je weten zodra hij terug is");
    expect(mails[0]!.text).toContain(`maat ${variant.size}`);
    expect(nl).toBeDefined();
  });

  it("accepts a phone number alone, without a confirmation e-mail", async () => {
    expect(await subscribeStockAlert({ variantId: variant.id, phone: "+31612345678" }, "en")).toEqual({
      created: true,
    });
    expect(await connection.db.select().from(outboxMessages)).toHaveLength(0);
  });

  it("fails (stock alert failure) for a size in stock or an unknown size, and stores nothing", async () => {
    await connection.db.update(productVariants).set({ stock: 4 }).where(eq(productVariants.id, variant.id));
    expect(await subscribeStockAlert({ variantId: variant.id, email: "a@example.nl" }, "en")).toMatchObject({
      kind: "conflict",
      messageKey: "product:stockAlert.failed",
    });
    expect(await subscribeStockAlert({ variantId: 999_999, email: "a@example.nl" }, "en")).toMatchObject({
      messageKey: "product:stockAlert.failed",
    });
    expect(await connection.db.select().from(stockAlerts)).toHaveLength(0);
  });
});

describe("notifyBackInStock", () => {
  it("sends nothing while the size is sold out, then one e-mail and SMS when it is back, and never again", async () => {
    await subscribeStockAlert(
      { variantId: variant.id, email: "sam@example.fr", phone: "+33612345678" },
      "fr",
    );
    await connection.db.delete(outboxMessages);
    expect(await notifyBackInStock()).toEqual({ notified: 0 });

    await connection.db.update(productVariants).set({ stock: 2 }).where(eq(productVariants.id, variant.id));
    expect(await notifyBackInStock()).toEqual({ notified: 1 });
    const messages = await connection.db.select().from(outboxMessages);
    expect(messages.map((m) => m.channel).sort()).toEqual(["email", "sms"]);
    expect(messages.every((m) => m.locale === "fr")).toBe(true);
    expect(messages.find((m) => m.channel === "email")!.subject).toBe(
      "De retour en stock : votre taille est de nouveau disponible",
    );
    expect(messages.find((m) => m.channel === "sms")!.text).toMatch(/\/fr\/[a-z0-9-]+\/$/);
    const [alert] = await connection.db.select().from(stockAlerts);
    expect(alert!.notifiedAt).not.toBeNull();

    expect(await notifyBackInStock()).toEqual({ notified: 0 });
    expect(await connection.db.select().from(outboxMessages)).toHaveLength(2);
  });

  it("lets the same contact sign up again after the alert has ended", async () => {
    const input = { variantId: variant.id, email: "sam@example.fr" };
    await subscribeStockAlert(input, "fr");
    await connection.db.update(stockAlerts).set({ notifiedAt: new Date() });
    expect(await subscribeStockAlert(input, "fr")).toEqual({ created: true });
  });
});

describe("back in stock, whoever restocks", () => {
  it("wakes the alerts of a size put back by an expired or canceled order (returnStock) and by any other writer", async () => {
    await subscribeStockAlert({ variantId: variant.id, email: "ana@example.es" }, "es");
    await connection.db.delete(outboxMessages);
    await transaction((tx) => returnStock([{ variantId: variant.id, quantity: 1 }], { tx }));
    expect(await notifyBackInStock()).toEqual({ notified: 1 });

    await connection.db.update(productVariants).set({ stock: 0 }).where(eq(productVariants.id, variant.id));
    await subscribeStockAlert({ variantId: variant.id, email: "ana@example.es" }, "es");
    await connection.db.execute(sql`update product_variants set stock = 7 where id = ${variant.id}`);
    expect(await notifyBackInStock()).toEqual({ notified: 1 });
    expect(
      (await connection.db.select().from(outboxMessages)).filter((m) => m.template === "backInStock"),
    ).toHaveLength(2);
  });

  it("sends each alert once in a burst of restocks with several senders at once", async () => {
    const sizes = await connection.db
      .select({ id: productVariants.id })
      .from(productVariants)
      .orderBy(productVariants.id)
      .limit(3);
    const ids = sizes.map((s) => s.id);
    await connection.db.update(productVariants).set({ stock: 0 }).where(inArray(productVariants.id, ids));
    for (const id of ids)
      for (let n = 0; n < 8; n++)
        await subscribeStockAlert({ variantId: id, email: `burst${n}@example.nl` }, "nl");
    await connection.db.delete(outboxMessages);
    const restock = (id: number) =>
      transaction((tx) => returnStock([{ variantId: id, quantity: 1 }], { tx }));
    await Promise.all([
      ...ids.flatMap((id) => [restock(id), restock(id), restock(id)]),
      notifyBackInStock({ limit: 5 }),
      notifyBackInStock({ limit: 5 }),
      notifyBackInStock({ limit: 5 }),
      notifyBackInStock({ limit: 5 }),
    ]);
    await Promise.all([notifyBackInStock(), notifyBackInStock()]);
    await notifyBackInStock();
    const sent = (await connection.db.select().from(outboxMessages)).filter(
      (m) => m.template === "backInStock",
    );
    expect(sent).toHaveLength(24);
    expect(new Set(sent.map((m) => `${m.recipient}:${JSON.stringify(m.payload)}`)).size).toBe(24);
    const open = await connection.db.select().from(stockAlerts).where(isNull(stockAlerts.notifiedAt));
    expect(open).toHaveLength(0);
  });
});
