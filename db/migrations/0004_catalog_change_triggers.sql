-- The catalogue's change feed (docs/decisions/0006-listing-index.md): statement-level triggers record
-- which products changed, once per statement, so a bulk import costs one extra insert per statement.
-- A null product_id means the category tree or its slugs changed.
CREATE FUNCTION catalog_changed_products() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    EXECUTE format('INSERT INTO catalog_changes (product_id) SELECT DISTINCT %I FROM old_rows', TG_ARGV[0]);
  ELSE
    EXECUTE format('INSERT INTO catalog_changes (product_id) SELECT DISTINCT %I FROM new_rows', TG_ARGV[0]);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION catalog_changed_categories() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalog_changes (product_id) VALUES (NULL);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_changes_insert AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_products('id');
--> statement-breakpoint
CREATE TRIGGER products_changes_update AFTER UPDATE ON products REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_products('id');
--> statement-breakpoint
CREATE TRIGGER products_changes_delete AFTER DELETE ON products REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_products('id');
--> statement-breakpoint
CREATE TRIGGER product_variants_changes_insert AFTER INSERT ON product_variants REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_products('product_id');
--> statement-breakpoint
CREATE TRIGGER product_variants_changes_update AFTER UPDATE ON product_variants REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_products('product_id');
--> statement-breakpoint
CREATE TRIGGER product_variants_changes_delete AFTER DELETE ON product_variants REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_products('product_id');
--> statement-breakpoint
CREATE TRIGGER product_categories_changes_insert AFTER INSERT ON product_categories REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_products('product_id');
--> statement-breakpoint
CREATE TRIGGER product_categories_changes_update AFTER UPDATE ON product_categories REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_products('product_id');
--> statement-breakpoint
CREATE TRIGGER product_categories_changes_delete AFTER DELETE ON product_categories REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_products('product_id');
--> statement-breakpoint
CREATE TRIGGER categories_changes AFTER INSERT OR UPDATE OR DELETE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_categories();
--> statement-breakpoint
CREATE TRIGGER category_translations_changes AFTER INSERT OR UPDATE OR DELETE ON category_translations
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_categories();
