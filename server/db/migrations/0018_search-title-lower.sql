DROP INDEX "products_status_created_title_idx";--> statement-breakpoint
DROP INDEX "products_title_trgm_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "title_search" text GENERATED ALWAYS AS (lower("products"."title")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "products_status_created_title_search_idx" ON "products" USING btree ("status","created_at" DESC NULLS FIRST,"id","title_search");--> statement-breakpoint
CREATE INDEX "products_title_search_trgm_idx" ON "products" USING gin ("title_search" gin_trgm_ops);