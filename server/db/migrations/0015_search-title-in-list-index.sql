DROP INDEX "products_status_created_idx";--> statement-breakpoint
CREATE INDEX "products_status_created_title_idx" ON "products" USING btree ("status","created_at" DESC NULLS FIRST,"id","title");