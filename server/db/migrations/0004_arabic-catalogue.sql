-- The search form of Arabic text, the SQL twin of normaliseArabic() in lib/rules/arabic.ts (a test holds the two
-- to the same answers): composed (NFC), harakat, Quranic marks and tatweel removed, alef forms (أ إ آ ٱ) as ا,
-- taa marbuta (ة) as ه, alef maqsura (ى) as ي, Arabic-Indic digits as ASCII. Immutable: generated columns use it.
CREATE FUNCTION "arabic_normalise"(t text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT translate(
    regexp_replace(normalize(t, NFC), '[\u0610-\u061A\u0640\u064B-\u065F\u0670\u06D6-\u06DC\u06DF-\u06E8\u06EA-\u06ED]', '', 'g'),
    'أإآٱةى٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹',
    'ااااهي01234567890123456789')
$$;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "name_ar" text;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "name_ar" text;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "lang" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "title_ar" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "description_ar" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "title_ar_search" text GENERATED ALWAYS AS (lower(arabic_normalise("products"."title_ar"))) STORED;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "description_ar_words" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', arabic_normalise("products"."description_ar"))) STORED;--> statement-breakpoint
ALTER TABLE "subcategories" ADD COLUMN "name_ar" text;--> statement-breakpoint
CREATE INDEX "products_title_ar_search_trgm_idx" ON "products" USING gin ("title_ar_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_description_ar_words_idx" ON "products" USING gin ("description_ar_words");--> statement-breakpoint
-- The dictionary of title words (migration 0003) learns the Arabic titles' words too, in their search form, so
-- a misspelt Arabic word is corrected the way an English one is.
CREATE OR REPLACE FUNCTION "products_search_words_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT DISTINCT w FROM new_products,
      title_words(new_products.title || ' ' || coalesce(arabic_normalise(new_products.title_ar), '')) AS w
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "products_search_words_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT w FROM title_words(NEW.title || ' ' || coalesce(arabic_normalise(NEW.title_ar), '')) AS w
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER "products_search_words_update" ON "products";--> statement-breakpoint
CREATE TRIGGER "products_search_words_update" AFTER UPDATE OF "title", "title_ar" ON "products"
  FOR EACH ROW WHEN (OLD.title IS DISTINCT FROM NEW.title OR OLD.title_ar IS DISTINCT FROM NEW.title_ar)
  EXECUTE FUNCTION products_search_words_update();--> statement-breakpoint
INSERT INTO "search_words" ("word")
  SELECT DISTINCT w FROM "products", title_words(arabic_normalise("products"."title_ar")) AS w
  WHERE "products"."title_ar" IS NOT NULL
ON CONFLICT DO NOTHING;
