-- Keyword search (ILIKE %kw% on title and description) needs trigram indexes: pg_trgm. PGlite loads the
-- extension in openDatabase (server/db/client.ts); PostgreSQL ships it in contrib.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "products_category_idx";--> statement-breakpoint
DROP INDEX "products_brand_idx";--> statement-breakpoint
CREATE INDEX "products_category_created_idx" ON "products" USING btree ("category_id","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "products_brand_created_idx" ON "products" USING btree ("brand_id","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "products_ratings_idx" ON "products" USING btree ("ratings_average" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "products_title_trgm_idx" ON "products" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_description_trgm_idx" ON "products" USING gin ("description" gin_trgm_ops);
