CREATE TABLE "service_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL,
	"author" text NOT NULL,
	"staff_id" uuid,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"topic" text NOT NULL,
	"channel" text DEFAULT 'form' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"order_number" text,
	"locale" text NOT NULL,
	"customer_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "service_messages" ADD CONSTRAINT "service_messages_ticket_id_service_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."service_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_tickets" ADD CONSTRAINT "service_tickets_customer_id_user_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_messages_ticket_idx" ON "service_messages" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE INDEX "service_tickets_queue_idx" ON "service_tickets" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "service_tickets_email_idx" ON "service_tickets" USING btree (lower("email"));