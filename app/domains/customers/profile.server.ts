// The customer's own details and preferences, and whether staff blocked them from ordering.
import { eq } from "drizzle-orm";
import { user } from "../../platform/auth/tables.server";
import { db } from "../../platform/db/db.server";
import type { DetailsInput, PreferencesInput } from "./validation";

export interface CustomerProfile {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  birthDate: string | null;
  gender: string | null;
  newsletter: boolean;
  phoneUpdates: boolean;
  locale: string;
  blocked: boolean;
  createdAt: Date;
}

export async function customerProfile(userId: string): Promise<CustomerProfile | null> {
  const [row] = await db()
    .select({
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      phone: user.phone,
      birthDate: user.dateOfBirth,
      gender: user.gender,
      newsletter: user.newsletter,
      phoneUpdates: user.phoneUpdates,
      locale: user.locale,
      blocked: user.blocked,
      createdAt: user.createdAt,
    })
    .from(user)
    .where(eq(user.id, userId));
  if (!row) return null;
  return {
    ...row,
    newsletter: row.newsletter === true,
    phoneUpdates: row.phoneUpdates === true,
    blocked: row.blocked === true,
    locale: row.locale ?? "en",
  };
}

export async function updateDetails(userId: string, input: DetailsInput): Promise<void> {
  await db()
    .update(user)
    .set({
      firstName: input.firstName,
      lastName: input.lastName,
      name: `${input.firstName} ${input.lastName}`,
      phone: input.phone ?? null,
      dateOfBirth: input.birthDate ?? null,
      gender: input.gender ?? null,
    })
    .where(eq(user.id, userId));
}

export async function updatePreferences(userId: string, input: PreferencesInput): Promise<void> {
  await db()
    .update(user)
    .set({ newsletter: input.newsletter, phoneUpdates: input.phoneUpdates })
    .where(eq(user.id, userId));
}

/** Whether the customer is blocked from ordering (SPEC §6): checkout shows the blocked page instead. */
export async function isBlocked(userId: string): Promise<boolean> {
  const [row] = await db().select({ blocked: user.blocked }).from(user).where(eq(user.id, userId));
  return row?.blocked === true;
}
