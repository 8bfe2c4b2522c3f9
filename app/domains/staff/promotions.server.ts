// The merchandiser's discount codes (issue 19 item 9): each change one transaction with its audit entry.
import type { Transaction } from "../../platform/db/db.server";
import { isRefusal } from "../../platform/refusal";
import {
  type DiscountCodeRow,
  saveDiscountCode,
  setDiscountCodeActive,
} from "../promotions/promotions.server";
import { audited, changes, type StaffActor } from "./audit.server";
import type { DiscountCodeFormInput } from "./credit-validation";

const auditable = (row: DiscountCodeRow) => {
  const { createdAt: _created, timesUsed: _used, ...rest } = row;
  return JSON.parse(JSON.stringify(rest)) as Record<string, unknown>;
};

function asNewCode(input: DiscountCodeFormInput) {
  return {
    code: input.code,
    kind: input.kind,
    percent: input.percent,
    amountCents: input.amount,
    minSubtotalCents: input.minSubtotal ?? 0,
    startsAt: input.startsAt ?? null,
    endsAt: input.endsAt ?? null,
    usageLimit: input.usageLimit ?? null,
    perCustomerLimit: input.perCustomerLimit ?? null,
    firstOrderOnly: input.firstOrderOnly,
    excludedProductIds: input.excludedProductIds
      ? [...new Set(input.excludedProductIds.split(",").map((id) => Number(id.trim())))]
      : [],
    description: input.description,
  };
}

/** Creates a code (id null) or edits one; answers its id. */
export function saveDiscountCodeByStaff(actor: StaffActor, id: number | null, input: DiscountCodeFormInput) {
  return audited(actor, async (tx: Transaction) => {
    const saved = await saveDiscountCode(id, asNewCode(input), { tx });
    if (isRefusal(saved)) return saved;
    const after = auditable(saved.after);
    const diff = saved.before ? changes(auditable(saved.before), after) : { before: {}, after };
    return {
      result: saved.after.id,
      audit: diff
        ? {
            action: saved.before ? "discount-code.update" : "discount-code.create",
            target: { type: "discount-code", id: saved.after.id },
            summary: `${saved.before ? "Discount code changed" : "Discount code created"}: ${saved.after.code}`,
            before: saved.before ? diff.before : null,
            after: diff.after,
          }
        : null,
    };
  });
}

/** Pauses or resumes a code. */
export function setDiscountCodeActiveByStaff(actor: StaffActor, id: number, active: boolean) {
  return audited(actor, async (tx: Transaction) => {
    const done = await setDiscountCodeActive(id, active, { tx });
    if (isRefusal(done)) return done;
    return {
      result: done.code,
      audit:
        done.wasActive === active
          ? null
          : {
              action: active ? "discount-code.resume" : "discount-code.pause",
              target: { type: "discount-code", id },
              summary: `Discount code ${active ? "resumed" : "paused"}: ${done.code}`,
              before: { isActive: done.wasActive },
              after: { isActive: active },
            },
    };
  });
}
