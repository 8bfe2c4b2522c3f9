CREATE TABLE "marketplace_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"listing_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"tx" "xid8" DEFAULT pg_current_xact_id() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "marketplace_changes_at_idx" ON "marketplace_changes" USING btree ("at");--> statement-breakpoint
CREATE INDEX "marketplace_changes_tx_idx" ON "marketplace_changes" USING btree ("tx");--> statement-breakpoint
-- The marketplace's change feed (docs/decisions/0052-marketplace-search-in-memory.md): statement-level
-- triggers record which listings changed in what the listing index keeps (not a view or share counter).
CREATE FUNCTION marketplace_changed_listings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO marketplace_changes (listing_id) SELECT DISTINCT id FROM old_rows;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO marketplace_changes (listing_id) SELECT DISTINCT id FROM new_rows;
  ELSE
    INSERT INTO marketplace_changes (listing_id)
      SELECT DISTINCT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE to_jsonb(n) - '{times_watched,times_shared,updated_at,photos}'::text[]
        IS DISTINCT FROM to_jsonb(o) - '{times_watched,times_shared,updated_at,photos}'::text[];
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER marketplace_listings_changes_insert AFTER INSERT ON marketplace_listings REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION marketplace_changed_listings();
--> statement-breakpoint
CREATE TRIGGER marketplace_listings_changes_update AFTER UPDATE ON marketplace_listings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION marketplace_changed_listings();
--> statement-breakpoint
CREATE TRIGGER marketplace_listings_changes_delete AFTER DELETE ON marketplace_listings REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION marketplace_changed_listings();
--> statement-breakpoint
-- A store's ban, name or handle is on every card of its listings: all of them are named.
CREATE FUNCTION marketplace_changed_stores() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO marketplace_changes (listing_id)
    SELECT l.id FROM marketplace_listings l
    WHERE l.store_id IN (
      SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.banned, n.name, n.handle) IS DISTINCT FROM (o.banned, o.name, o.handle));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER marketplace_stores_changes_update AFTER UPDATE ON marketplace_stores REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION marketplace_changed_stores();
