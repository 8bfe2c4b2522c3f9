import { bigserial, index, jsonb, pgTable, serial, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * Every staff action in the back office: who (kept as e-mail and role too, so the entry outlives the
 * account), what, on which target, the values before and after, and when. Written in the same transaction
 * as the change it describes; append-only (a trigger refuses updates and deletes).
 */
export const staffAuditLog = pgTable(
  "staff_audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid("actor_id"),
    actorEmail: text("actor_email").notNull(),
    actorRole: text("actor_role").notNull(),
    /** `<target>.<verb>`, e.g. `product.price`, `customer.block`, `setting.update`. */
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id"),
    /** One line for people: "Price €49.95 → €39.95". */
    summary: text("summary").notNull(),
    before: jsonb("before").$type<Record<string, unknown> | null>(),
    after: jsonb("after").$type<Record<string, unknown> | null>(),
  },
  (t) => [
    index("staff_audit_log_at_idx").on(t.at),
    index("staff_audit_log_target_idx").on(t.targetType, t.targetId, t.at),
    index("staff_audit_log_actor_idx").on(t.actorId, t.at),
  ],
);

/** Internal notes staff leave on a record (an order, a customer): never shown to the customer. */
export const staffNotes = pgTable(
  "staff_notes",
  {
    id: serial("id").primaryKey(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    body: text("body").notNull(),
    authorId: uuid("author_id"),
    authorEmail: text("author_email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("staff_notes_target_idx").on(t.targetType, t.targetId, t.createdAt)],
);
