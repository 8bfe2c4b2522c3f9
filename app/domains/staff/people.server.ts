// Customer and staff commands of the back office, each with its audit entry in the same transaction.
import type { Role } from "../../platform/auth/auth.server";
import { isRefusal, refuse } from "../../platform/refusal";
import { createStaffAccount, setCustomerBlocked, setStaffRole } from "../customers/customers.server";
import { audited, type StaffActor } from "./audit.server";
import type { NewStaffInput } from "./validation";

/** Blocks a customer from ordering; the reason is required and kept with the account and in the log. */
export function blockCustomer(actor: StaffActor, id: string, reason: string) {
  return audited(actor, async (tx) => {
    const changed = await setCustomerBlocked(id, true, reason, { tx });
    if (isRefusal(changed)) return changed;
    return {
      result: changed.after,
      audit: {
        action: "customer.block",
        target: { type: "customer", id },
        summary: `Blocked: ${reason}`,
        before: changed.before,
        after: changed.after,
      },
    };
  });
}

export function unblockCustomer(actor: StaffActor, id: string) {
  return audited(actor, async (tx) => {
    const changed = await setCustomerBlocked(id, false, null, { tx });
    if (isRefusal(changed)) return changed;
    return {
      result: changed.after,
      audit: changed.before.blocked
        ? {
            action: "customer.unblock",
            target: { type: "customer", id },
            summary: "Block lifted",
            before: changed.before,
            after: changed.after,
          }
        : null,
    };
  });
}

export function addStaffMember(actor: StaffActor, input: NewStaffInput) {
  return audited(actor, async (tx) => {
    const id = await createStaffAccount(input, { tx });
    if (isRefusal(id)) return id;
    return {
      result: id,
      audit: {
        action: "staff.create",
        target: { type: "staff", id },
        summary: `Added ${input.email} as ${input.role}`,
        after: { email: input.email, firstName: input.firstName, lastName: input.lastName, role: input.role },
      },
    };
  });
}

/**
 * Changes a staff member's role, or removes their staff access (`customer`). Nobody changes their own
 * role (a slip would lock them out), and the last admin stays an admin.
 */
export async function changeStaffRole(actor: StaffActor, id: string, role: Role) {
  if (id === actor.id) return refuse.forbidden("admin:accounts.ownRole");
  return audited(actor, async (tx) => {
    const changed = await setStaffRole(id, role, { tx });
    if (isRefusal(changed)) return changed;
    return {
      result: changed.after,
      audit:
        changed.before.role === role
          ? null
          : {
              action: role === "customer" ? "staff.remove" : "staff.role",
              target: { type: "staff", id },
              summary:
                role === "customer"
                  ? `Removed ${changed.email} from the staff (was ${changed.before.role})`
                  : `${changed.email}: ${changed.before.role} → ${role}`,
              before: changed.before,
              after: changed.after,
            },
    };
  });
}
