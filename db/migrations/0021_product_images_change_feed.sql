-- A product's photos and price history are on its card, which processes keep in memory beside the listing index
-- (docs/decisions/0025): a photo or a price record written names its product in the change feed.
CREATE TRIGGER product_images_changes_insert AFTER INSERT ON product_images REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_products('product_id');
--> statement-breakpoint
CREATE TRIGGER product_images_changes_update AFTER UPDATE ON product_images REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_products('product_id');
--> statement-breakpoint
CREATE TRIGGER product_images_changes_delete AFTER DELETE ON product_images REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_products('product_id');
--> statement-breakpoint
-- The card's 30-day lowest price (EU Omnibus) comes from the price history.
CREATE TRIGGER price_history_changes_insert AFTER INSERT ON price_history REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_products('product_id');
--> statement-breakpoint
CREATE TRIGGER price_history_changes_update AFTER UPDATE ON price_history REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_products('product_id');
--> statement-breakpoint
CREATE TRIGGER price_history_changes_delete AFTER DELETE ON price_history REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_products('product_id');
