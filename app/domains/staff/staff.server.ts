// The back office: who may do what (permissions), the audit log of every staff action, and the staff
// commands, each a domain command plus its audit entry in one transaction (docs/decisions/0020).
import type { StaffRole } from "../../platform/auth/auth.server";
import type { Visitor } from "../../platform/auth/session.server";
import type { StaffActor } from "./audit.server";

export { type AuditLogEntry, auditLog, auditTrail, type StaffActor } from "./audit.server";
export * from "./catalogue.server";
export {
  createContentEntry,
  publishContentEntry,
  restoreContentVersion,
  scheduleContentEntry,
} from "./content.server";
export { dashboard } from "./dashboard.server";
export {
  creditWalletByStaff,
  issueGoodwillGiftCard,
  printGiftCardByStaff,
  resendGiftCardByStaff,
  setGiftCardBlockedByStaff,
} from "./gift-cards.server";
export * from "./marketplace.server";
export * from "./orders.server";
export * from "./payouts.server";
export * from "./people.server";
export { can, type Permission, rolePermissions } from "./permissions";
export * from "./promotions.server";
export * from "./returns.server";
export { answerTicket, changeTicketStatus } from "./service.server";
export * from "./site.server";
export * from "./sizing.server";

/** A signed-in staff member (a visitor whose role is a staff role). */
export type StaffMember = Visitor & { role: StaffRole };

/** The actor an audit entry names, from the signed-in staff member. */
export function actorOf(staff: StaffMember): StaffActor {
  return { id: staff.id, email: staff.email, role: staff.role };
}
