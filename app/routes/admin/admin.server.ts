// What every back-office loader and action starts with: the staff guard and the permission check (on the
// server, whatever the navigation shows), and the form plumbing around the staff domain's commands.
import { data } from "react-router";
import type { z } from "zod";
import type { AdminActionData } from "~/components/admin/admin-form";
import {
  actorOf,
  can,
  type Permission,
  type StaffActor,
  type StaffMember,
} from "~/domains/staff/staff.server";
import { loginRedirect, requireStaff } from "~/platform/auth/guards.server";
import { checkSession, isStaff } from "~/platform/auth/session.server";
import { parseSubmission } from "~/platform/forms/submission";
import { serverI18n } from "~/platform/i18n/resources.server";
import { isRefusal, type Refusal } from "~/platform/refusal";

export interface Guarded {
  staff: StaffMember;
  actor: StaffActor;
}

/**
 * Any staff member (every back-office page): a visitor goes to the shop's login page and comes back; a
 * signed-in customer gets the shop's 404 page, never a hint that there is a back office.
 */
export async function requireBackOffice(request: Request): Promise<StaffMember> {
  const { visitor } = await checkSession(request);
  if (!visitor) throw loginRedirect(request);
  if (!isStaff(visitor)) throw data(null, { status: 404 });
  return (await requireStaff(request)) as StaffMember;
}

/** The staff member of the request if their role has `permission`; staff without it get a 403 page. */
export async function requirePermission(request: Request, permission: Permission): Promise<Guarded> {
  const staff = await requireBackOffice(request);
  if (!can(staff.role, permission))
    throw data({ message: `Your role (${staff.role}) has no access to ${permission}.` }, { status: 403 });
  return { staff, actor: actorOf(staff) };
}

/** A positive integer route parameter, or the 404 page. */
export function idParam(value: string | undefined): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id <= 0) throw data(null, { status: 404 });
  return id;
}

export function notFound(): never {
  throw data(null, { status: 404 });
}

/** English messages: translation keys (`forms:validation.required`) are looked up, plain sentences kept. */
const t = (key: string, values: Record<string, unknown> = {}) =>
  /^[a-z]+:[\w.]+$/.test(key) ? (serverI18n("en").t(key, values) as string) : key;

/**
 * Parses one form with its schema and runs the command: a refusal of the domain (with the field it is
 * about, when it says) goes back to the form; nothing is changed. `run` answers the status line.
 */
export async function runForm<S extends z.ZodType>(
  formData: FormData,
  schema: S,
  run: (value: z.output<S>) => Promise<string | { message: string; created?: string } | Refusal>,
): Promise<AdminActionData> {
  const intent = String(formData.get("intent") ?? "");
  const parsed = parseSubmission(formData, schema, { t });
  if (parsed.status === "error") return { intent, result: parsed.result };
  const outcome = await run(parsed.value);
  if (isRefusal(outcome)) return { intent, result: parsed.reply({ refusal: outcome }) };
  const { message, created } =
    typeof outcome === "string" ? { message: outcome, created: undefined } : outcome;
  return { intent, result: parsed.reply(), message, created };
}

/** The status line of a command that went through, or its refusal for the form. */
export function said(outcome: unknown, message: string): string | Refusal {
  return isRefusal(outcome) ? outcome : message;
}

/** An action's answer to an intent it does not know (a stale page, a hand-made request). */
export function unknownIntent(): never {
  throw data({ message: "Unknown action" }, { status: 400 });
}
