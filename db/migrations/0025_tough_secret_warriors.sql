CREATE TABLE "content_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"draft" jsonb NOT NULL,
	"online_from" timestamp with time zone,
	"online_until" timestamp with time zone,
	"published_version" integer,
	"preview_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "content_entries_preview_token_unique" UNIQUE("preview_token")
);
--> statement-breakpoint
CREATE TABLE "content_slugs" (
	"locale" text NOT NULL,
	"kind" text NOT NULL,
	"slug" text NOT NULL,
	"entry_id" integer NOT NULL,
	CONSTRAINT "content_slugs_locale_kind_slug_pk" PRIMARY KEY("locale","kind","slug")
);
--> statement-breakpoint
CREATE TABLE "content_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"entry_id" integer NOT NULL,
	"number" integer NOT NULL,
	"document" jsonb NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by" uuid
);
--> statement-breakpoint
ALTER TABLE "content_slugs" ADD CONSTRAINT "content_slugs_entry_id_content_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."content_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_versions" ADD CONSTRAINT "content_versions_entry_id_content_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."content_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_entries_kind_idx" ON "content_entries" USING btree ("kind","online_from");--> statement-breakpoint
CREATE INDEX "content_slugs_entry_idx" ON "content_slugs" USING btree ("entry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "content_versions_number_unique" ON "content_versions" USING btree ("entry_id","number");