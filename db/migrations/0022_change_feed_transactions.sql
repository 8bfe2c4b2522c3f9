-- The change feed is read by writing transaction, not by id: ids are taken before commit, so a later id can
-- commit first and an id watermark would skip the earlier change for good (docs/decisions/0028).
ALTER TABLE "catalog_changes" ADD COLUMN "tx" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
CREATE INDEX "catalog_changes_tx_idx" ON "catalog_changes" USING btree ("tx");