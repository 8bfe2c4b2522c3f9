import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase } from "../../../tests/support/database";
import type { Connection } from "../../platform/db/db.server";
import { parseShopForm } from "../../platform/forms/submission";
import { isRefusal } from "../../platform/refusal";
import { createAccount } from "../customers/customers.server";
import {
  checkDiscountCode,
  discountCodeDetail,
  discountCodeList,
  issueSingleUseCode,
} from "../promotions/promotions.server";
import { type DiscountCodeFormInput, DiscountCodeFormSchema } from "./credit-validation";
import {
  auditTrail,
  type StaffActor,
  saveDiscountCodeByStaff,
  setDiscountCodeActiveByStaff,
} from "./staff.server";

let connection: Connection;
let merch: StaffActor;

beforeAll(async () => {
  connection = await freshDatabase();
  const { id } = await createAccount({
    email: "merch@shop.test",
    password: "merch-password-1",
    firstName: "Mo",
    lastName: "Merch",
    locale: "en",
    role: "merchandiser",
  });
  merch = { id, email: "merch@shop.test", role: "merchandiser" };
}, 180_000);
afterAll(() => connection.close());

function form(entries: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.set(name, value);
  return parseShopForm(data, DiscountCodeFormSchema);
}

const lines = [{ productId: 1, unitPriceCents: 10_000, quantity: 1 }];

describe("the discount-code form", () => {
  it("needs the kind's own figure and sane dates, and reads euros as cents", () => {
    expect(form({ code: "SUMMER", kind: "percentage" }).status).toBe("error");
    expect(form({ code: "TEN", kind: "fixed" }).status).toBe("error");
    expect(form({ code: "no spaces", kind: "free-shipping" }).status).toBe("error");
    const parsed = form({
      code: "tenoff",
      kind: "fixed",
      amount: "10,50",
      minSubtotal: "60",
      usageLimit: "5",
    });
    expect(parsed.status === "success" && parsed.value).toMatchObject({
      amount: 1050,
      minSubtotal: 6000,
      usageLimit: 5,
    });
  });
});

describe("discount codes in the back office", () => {
  it("creates, edits and pauses a code of every kind, audited, and checkout follows", async () => {
    const value = (entries: Record<string, string>) => {
      const parsed = form(entries);
      if (parsed.status !== "success") throw new Error(JSON.stringify(parsed.error));
      return parsed.value as DiscountCodeFormInput;
    };
    const id = await saveDiscountCodeByStaff(
      merch,
      null,
      value({ code: "winter20", kind: "percentage", percent: "20" }),
    );
    if (isRefusal(id)) throw new Error(id.messageKey);
    await saveDiscountCodeByStaff(merch, null, value({ code: "SHIPFREE", kind: "free-shipping" }));
    await saveDiscountCodeByStaff(merch, null, value({ code: "FIVER", kind: "fixed", amount: "5" }));
    const taken = await saveDiscountCodeByStaff(
      merch,
      null,
      value({ code: "WINTER20", kind: "free-shipping" }),
    );
    expect(isRefusal(taken) && taken.messageKey).toBe("admin:promotions.codeTaken");

    const applied = await checkDiscountCode("WINTER20", { lines });
    expect(!isRefusal(applied) && applied.rule).toMatchObject({ kind: "percentage", percent: 20 });

    await saveDiscountCodeByStaff(merch, id, value({ code: "WINTER20", kind: "percentage", percent: "25" }));
    const edited = await checkDiscountCode("WINTER20", { lines });
    expect(!isRefusal(edited) && edited.rule).toMatchObject({ kind: "percentage", percent: 25 });

    await setDiscountCodeActiveByStaff(merch, id, false);
    expect(isRefusal(await checkDiscountCode("WINTER20", { lines }))).toBe(true);
    await setDiscountCodeActiveByStaff(merch, id, true);
    expect(isRefusal(await checkDiscountCode("WINTER20", { lines }))).toBe(false);

    const trail = await auditTrail("discount-code", id);
    expect(trail.map((e) => e.action)).toEqual(
      expect.arrayContaining([
        "discount-code.create",
        "discount-code.update",
        "discount-code.pause",
        "discount-code.resume",
      ]),
    );
    const update = trail.find((e) => e.action === "discount-code.update")!;
    expect(update.before).toEqual({ percent: 20 });
    expect(update.after).toEqual({ percent: 25 });
  });

  it("lists the personal codes each feature issued with their usage, and only pauses them", async () => {
    const code = await issueSingleUseCode({
      prefix: "HELLO",
      kind: "percentage",
      percent: 15,
      source: "newsletter",
    });
    const list = await discountCodeList({ source: "newsletter" });
    expect(list.rows.map((r) => r.code)).toEqual([code]);
    expect(list.issued).toEqual([{ source: "newsletter", n: 1, used: 0 }]);
    const personal = list.rows[0]!;
    const edit = await saveDiscountCodeByStaff(merch, personal.id, {
      code,
      kind: "percentage",
      percent: 50,
      firstOrderOnly: false,
    } as DiscountCodeFormInput);
    expect(isRefusal(edit) && edit.messageKey).toBe("admin:promotions.personalCode");
    await setDiscountCodeActiveByStaff(merch, personal.id, false);
    expect((await discountCodeDetail(personal.id))?.code.isActive).toBe(false);
    expect((await discountCodeList({ source: "staff" })).rows.every((r) => r.source === null)).toBe(true);
  });
});
