// Customer and staff commands of the back office, each with its audit entry in the same transaction.
import type { Role } from "../../platform/auth/auth.server";
import {
  AccountError,
  createStaffAccount,
  lockAdmins,
  setCustomerBlocked,
  setStaffRole,
} from "../customers/customers.server";
import { audited, type StaffActor } from "./audit.server";
import type { NewStaffInput } from "./validation";

export { AccountError };

/** Blocks a customer from ordering; the reason is required and kept with the account and in the log. */
export function blockCustomer(actor: StaffActor, id: string, reason: string) {
  return audited(actor, async (tx) => {
    const { before, after } = await setCustomerBlocked(tx, id, true, reason);
    return {
      result: after,
      audit: {
        action: "customer.block",
        target: { type: "customer", id },
        summary: `Blocked: ${reason}`,
        before,
        after,
      },
    };
  });
}

export function unblockCustomer(actor: StaffActor, id: string) {
  return audited(actor, async (tx) => {
    const { before, after } = await setCustomerBlocked(tx, id, false, null);
    return {
      result: after,
      audit: before.blocked
        ? {
            action: "customer.unblock",
            target: { type: "customer", id },
            summary: "Block lifted",
            before,
            after,
          }
        : null,
    };
  });
}

export function addStaffMember(actor: StaffActor, input: NewStaffInput) {
  return audited(actor, async (tx) => {
    const id = await createStaffAccount(tx, input);
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
  if (id === actor.id) throw new AccountError("You cannot change your own role; ask another admin.");
  return audited(actor, async (tx) => {
    // Counted with every admin row locked, before the change: see lockAdmins.
    const admins = await lockAdmins(tx);
    const changed = await setStaffRole(tx, id, role);
    if (changed.before.role === "admin" && role !== "admin" && admins.every((admin) => admin === id))
      throw new AccountError("The shop needs at least one admin.");
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
