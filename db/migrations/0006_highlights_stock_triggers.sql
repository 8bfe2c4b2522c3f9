-- Keeps product_stock_state (total stock per product, and when it last went from 0 to more) in step with
-- product_variants, whoever changes stock (orders, returns, imports, the back office). Statement-level
-- triggers with transition tables: a bulk insert of 500 000 variants costs one aggregate, not 500 000.

CREATE FUNCTION highlights_refresh_stock(ids integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO product_stock_state AS s (product_id, stock, restocked_at, updated_at)
  SELECT p.id, coalesce(sum(v.stock), 0)::integer, NULL, now()
  FROM products p LEFT JOIN product_variants v ON v.product_id = p.id
  WHERE p.id = ANY(ids)
  GROUP BY p.id
  ON CONFLICT (product_id) DO UPDATE SET
    restocked_at = CASE WHEN s.stock = 0 AND excluded.stock > 0 THEN now() ELSE s.restocked_at END,
    stock = excluded.stock,
    updated_at = now()
  WHERE s.stock IS DISTINCT FROM excluded.stock;
$$;
--> statement-breakpoint
CREATE FUNCTION highlights_variants_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM highlights_refresh_stock(ARRAY(SELECT DISTINCT product_id FROM new_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION highlights_variants_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM highlights_refresh_stock(ARRAY(
    SELECT DISTINCT n.product_id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n.stock IS DISTINCT FROM o.stock OR n.product_id IS DISTINCT FROM o.product_id
    UNION SELECT o.product_id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n.product_id IS DISTINCT FROM o.product_id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION highlights_variants_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM highlights_refresh_stock(ARRAY(SELECT DISTINCT product_id FROM old_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_variants_stock_inserted AFTER INSERT ON product_variants
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION highlights_variants_inserted();
--> statement-breakpoint
CREATE TRIGGER product_variants_stock_updated AFTER UPDATE ON product_variants
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION highlights_variants_updated();
--> statement-breakpoint
CREATE TRIGGER product_variants_stock_deleted AFTER DELETE ON product_variants
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION highlights_variants_deleted();
--> statement-breakpoint
-- Products that exist already start with their current stock and no restock.
INSERT INTO product_stock_state (product_id, stock)
SELECT p.id, coalesce(sum(v.stock), 0)::integer
FROM products p LEFT JOIN product_variants v ON v.product_id = p.id
GROUP BY p.id
ON CONFLICT (product_id) DO NOTHING;
