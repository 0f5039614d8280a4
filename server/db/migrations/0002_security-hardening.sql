CREATE TABLE "attempt_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "lines" jsonb;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "refund_id" text;--> statement-breakpoint
ALTER TABLE "password_resets" ADD COLUMN "blind_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "password_resets" ADD COLUMN "token_hash" text;--> statement-breakpoint
ALTER TABLE "password_resets" ADD COLUMN "verified_from" text;--> statement-breakpoint
CREATE INDEX "products_image_cover_idx" ON "products" USING btree ("image_cover");