CREATE TABLE "service_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL,
	"file" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content_entries" ADD COLUMN "early_access_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "service_attachments" ADD CONSTRAINT "service_attachments_ticket_id_service_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."service_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_attachments_ticket_idx" ON "service_attachments" USING btree ("ticket_id");