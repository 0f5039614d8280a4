CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "products_description_trgm_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "description_words" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', "products"."description")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_category_price_idx" ON "products" USING btree ("category_id","price");--> statement-breakpoint
CREATE INDEX "products_sold_idx" ON "products" USING btree ("sold" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "products_description_words_idx" ON "products" USING gin ("description_words");--> statement-breakpoint
-- A title's words: split on anything that is not a letter or digit, lower-cased, at least two characters,
-- at least one letter (edition numbers and sizes are searched as typed, never corrected).
CREATE FUNCTION "title_words"(title text) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
  SELECT DISTINCT w FROM regexp_split_to_table(lower(title), '[^[:alnum:]]+') AS w
  WHERE length(w) >= 2 AND w ~ '[[:alpha:]]'
$$;--> statement-breakpoint
CREATE FUNCTION "products_search_words_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT DISTINCT w FROM new_products, title_words(new_products.title) AS w
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "products_search_words_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word) SELECT w FROM title_words(NEW.title) AS w ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Once per statement on insert (a seed of 100,000 rows adds its words in one pass); on update only when a
-- title changes (stock and sales updates do not fire it). Words of renamed or deleted products stay: a
-- stale word only makes the search look for titles that no longer hold it.
CREATE TRIGGER "products_search_words_insert" AFTER INSERT ON "products"
  REFERENCING NEW TABLE AS new_products FOR EACH STATEMENT EXECUTE FUNCTION products_search_words_insert();--> statement-breakpoint
CREATE TRIGGER "products_search_words_update" AFTER UPDATE OF "title" ON "products"
  FOR EACH ROW WHEN (OLD.title IS DISTINCT FROM NEW.title) EXECUTE FUNCTION products_search_words_update();--> statement-breakpoint
INSERT INTO "search_words" ("word") SELECT DISTINCT w FROM "products", title_words("products"."title") AS w ON CONFLICT DO NOTHING;
