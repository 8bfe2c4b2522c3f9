-- Product translations join the catalogue's change feed (docs/decisions/0022-search-index-in-memory.md):
-- names, fabrics and descriptions are in the search documents, which the in-memory search index follows
-- through the feed. One insert per statement, like the other feed triggers (migration 0004).
CREATE TRIGGER product_translations_changes_insert AFTER INSERT ON product_translations REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_products('product_id');
--> statement-breakpoint
CREATE TRIGGER product_translations_changes_update AFTER UPDATE ON product_translations REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_products('product_id');
--> statement-breakpoint
CREATE TRIGGER product_translations_changes_delete AFTER DELETE ON product_translations REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_products('product_id');
