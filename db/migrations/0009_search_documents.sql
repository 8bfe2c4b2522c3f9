-- Search documents, vocabulary and thesaurus, kept current by triggers (issue 4, search).
-- Self-contained: functions, triggers, colour names, synonyms and a backfill of existing products.

-- The text-search configuration of a shop locale: its stemmer and stop words.
CREATE OR REPLACE FUNCTION search_config(locale text) RETURNS regconfig
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE locale
    WHEN 'nl' THEN 'pg_catalog.dutch'::regconfig
    WHEN 'en' THEN 'pg_catalog.english'::regconfig
    WHEN 'fr' THEN 'pg_catalog.french'::regconfig
    WHEN 'es' THEN 'pg_catalog.spanish'::regconfig
    ELSE 'pg_catalog.simple'::regconfig
  END
$$;
--> statement-breakpoint
-- (Re)builds the documents of these products in every locale they have a translation in, and adds the
-- words that name them to the vocabulary. Set-based: one statement for any number of products (the bench
-- seed writes 1000 per call). Inactive products get no document.
CREATE OR REPLACE FUNCTION search_rebuild_products(ids integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN RETURN; END IF;
  DELETE FROM product_search_documents WHERE product_id = ANY(ids);
  WITH texts AS (
    SELECT t.product_id, t.locale, p.position,
      lower(unaccent(t.name || ' ' || p.brand)) AS a,
      lower(unaccent(coalesce(cn.name, '') || ' ' || coalesce((
        SELECT string_agg(ct.name, ' ')
        FROM product_categories pc
        JOIN category_translations ct ON ct.category_id = pc.category_id AND ct.locale = t.locale
        WHERE pc.product_id = t.product_id), ''))) AS b,
      lower(unaccent(coalesce(t.fabric, ''))) AS c,
      t.description AS d
    FROM product_translations t
    JOIN products p ON p.id = t.product_id AND p.is_active
    LEFT JOIN search_colour_names cn ON cn.locale = t.locale AND cn.code = p.colour
    WHERE t.product_id = ANY(ids)
  ), names AS (
    SELECT product_id, locale, position, c, d,
      to_tsvector(search_config(locale), a) || to_tsvector(search_config(locale), b) AS name_document
    FROM texts
  ), documents AS (
    -- Stripped (no positions, no weights): matching needs neither, and rows less than half the size
    -- make the heap pages a broad search visits fewer. Written locale by locale, so each locale's rows
    -- share heap pages.
    INSERT INTO product_search_documents (product_id, locale, position, name_document, document)
    SELECT product_id, locale, position, strip(name_document),
      strip(name_document
        || to_tsvector(search_config(locale), c)
        || to_tsvector(search_config(locale), lower(unaccent(d))))
    FROM names
    ORDER BY locale, product_id
  )
  INSERT INTO search_words (locale, word, lexeme)
  SELECT locale, word, lexeme FROM (
    SELECT locale, word, (tsvector_to_array(to_tsvector(search_config(locale), word)))[1] AS lexeme
    FROM (
      SELECT DISTINCT locale, word
      FROM texts, regexp_split_to_table(a || ' ' || b || ' ' || c, '[^a-z0-9]+') AS word
      WHERE length(word) BETWEEN 2 AND 40
    ) w
  ) s
  WHERE lexeme IS NOT NULL
  ON CONFLICT DO NOTHING;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_on_translations() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM search_rebuild_products(ARRAY(SELECT DISTINCT product_id FROM old_rows));
  ELSE
    PERFORM search_rebuild_products(ARRAY(SELECT DISTINCT product_id FROM new_rows));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER search_translations_insert AFTER INSERT ON product_translations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_on_translations();
--> statement-breakpoint
CREATE TRIGGER search_translations_update AFTER UPDATE ON product_translations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_on_translations();
--> statement-breakpoint
CREATE TRIGGER search_translations_delete AFTER DELETE ON product_translations
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_on_translations();
--> statement-breakpoint
-- Category links: the category names are part of the document. The seed links categories before it
-- writes translations, so this finds nothing to build there.
CREATE OR REPLACE FUNCTION search_on_product_categories() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM search_rebuild_products(ARRAY(
      SELECT DISTINCT o.product_id FROM old_rows o
      WHERE EXISTS (SELECT 1 FROM product_translations t WHERE t.product_id = o.product_id)));
  ELSE
    PERFORM search_rebuild_products(ARRAY(
      SELECT DISTINCT n.product_id FROM new_rows n
      WHERE EXISTS (SELECT 1 FROM product_translations t WHERE t.product_id = n.product_id)));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER search_product_categories_insert AFTER INSERT ON product_categories
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_on_product_categories();
--> statement-breakpoint
CREATE TRIGGER search_product_categories_delete AFTER DELETE ON product_categories
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_on_product_categories();
--> statement-breakpoint
-- Products: a change of what the document holds (brand, colour, active) rebuilds it; a new popularity
-- rank is copied; price and other updates leave the documents alone.
CREATE OR REPLACE FUNCTION search_on_products() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_rebuild_products(ARRAY(
    SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.brand, n.colour, n.is_active) IS DISTINCT FROM (o.brand, o.colour, o.is_active)));
  UPDATE product_search_documents d SET position = n.position
  FROM new_rows n JOIN old_rows o ON o.id = n.id
  WHERE d.product_id = n.id AND n.position IS DISTINCT FROM o.position AND d.position <> n.position;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER search_products_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_on_products();
--> statement-breakpoint
-- A renamed category renames it in the documents of its products.
CREATE OR REPLACE FUNCTION search_on_category_translations() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_rebuild_products(ARRAY(
    SELECT DISTINCT pc.product_id FROM product_categories pc
    WHERE pc.category_id IN (
      SELECT n.category_id FROM new_rows n JOIN old_rows o ON o.category_id = n.category_id AND o.locale = n.locale
      WHERE n.name IS DISTINCT FROM o.name)));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER search_category_translations_update AFTER UPDATE ON category_translations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_on_category_translations();
--> statement-breakpoint
INSERT INTO search_colour_names (locale, code, name) VALUES
  ('en','black','Black'),('nl','black','Zwart'),('fr','black','Noir'),('es','black','Negro'),
  ('en','white','White'),('nl','white','Wit'),('fr','white','Blanc'),('es','white','Blanco'),
  ('en','ecru','Ecru'),('nl','ecru','Ecru'),('fr','ecru','Écru'),('es','ecru','Crudo'),
  ('en','navy','Navy blue'),('nl','navy','Marineblauw blauw'),('fr','navy','Bleu marine'),('es','navy','Azul marino'),
  ('en','camel','Camel'),('nl','camel','Camel'),('fr','camel','Camel'),('es','camel','Camel'),
  ('en','olive','Olive green'),('nl','olive','Olijfgroen groen'),('fr','olive','Vert olive'),('es','olive','Verde oliva'),
  ('en','burgundy','Burgundy red'),('nl','burgundy','Bordeaux rood'),('fr','burgundy','Bordeaux rouge'),('es','burgundy','Burdeos rojo'),
  ('en','sage','Sage green'),('nl','sage','Saliegroen groen'),('fr','sage','Vert sauge'),('es','sage','Verde salvia'),
  ('en','rust','Rust'),('nl','rust','Roestbruin bruin'),('fr','rust','Rouille'),('es','rust','Teja'),
  ('en','dusty-pink','Dusty pink'),('nl','dusty-pink','Oudroze roze'),('fr','dusty-pink','Vieux rose'),('es','dusty-pink','Rosa palo'),
  ('en','denim-blue','Denim blue'),('nl','denim-blue','Denimblauw blauw'),('fr','denim-blue','Bleu denim'),('es','denim-blue','Azul vaquero'),
  ('en','grey-melange','Grey melange'),('nl','grey-melange','Grijs gemêleerd'),('fr','grey-melange','Gris chiné'),('es','grey-melange','Gris jaspeado'),
  ('en','chocolate','Chocolate brown'),('nl','chocolate','Chocoladebruin bruin'),('fr','chocolate','Chocolat marron'),('es','chocolate','Marrón chocolate'),
  ('en','sky-blue','Sky blue'),('nl','sky-blue','Lichtblauw blauw'),('fr','sky-blue','Bleu ciel'),('es','sky-blue','Azul cielo')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO search_synonyms (locale, words) VALUES
  ('nl', ARRAY['jurk','jurkje']),
  ('nl', ARRAY['broek','pantalon']),
  ('nl', ARRAY['trui','sweater','pullover']),
  ('nl', ARRAY['spijkerbroek','jeans']),
  ('nl', ARRAY['vest','cardigan']),
  ('nl', ARRAY['rok','rokje']),
  ('nl', ARRAY['jas','jack','jasje']),
  ('nl', ARRAY['colbert','blazer']),
  ('nl', ARRAY['overhemd','shirt']),
  ('nl', ARRAY['sneakers','sportschoenen']),
  ('nl', ARRAY['korte broek','short']),
  ('en', ARRAY['trousers','pants','slacks']),
  ('en', ARRAY['jumper','sweater','pullover']),
  ('en', ARRAY['jeans','denims']),
  ('en', ARRAY['trainers','sneakers']),
  ('en', ARRAY['cardigan','cardi']),
  ('en', ARRAY['tee','t shirt']),
  ('en', ARRAY['shorts','short trousers']),
  ('en', ARRAY['puffer jacket','down jacket']),
  ('fr', ARRAY['pull','pullover','chandail']),
  ('fr', ARRAY['jean','jeans']),
  ('fr', ARRAY['gilet','cardigan']),
  ('fr', ARRAY['baskets','sneakers']),
  ('fr', ARRAY['chemise','chemisier']),
  ('fr', ARRAY['short','bermuda']),
  ('fr', ARRAY['doudoune','parka']),
  ('fr', ARRAY['tee shirt','t shirt']),
  ('es', ARRAY['vaqueros','jeans','tejanos']),
  ('es', ARRAY['jersey','sueter','pullover']),
  ('es', ARRAY['cardigan','rebeca']),
  ('es', ARRAY['chaqueta','cazadora']),
  ('es', ARRAY['zapatillas','deportivas']),
  ('es', ARRAY['camiseta','playera']),
  ('es', ARRAY['bermudas','shorts']),
  ('es', ARRAY['abrigo','chaqueton']);
--> statement-breakpoint
SELECT search_rebuild_products(ARRAY(SELECT id FROM products));
