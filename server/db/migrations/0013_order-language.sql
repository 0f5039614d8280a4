ALTER TABLE "orders" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_language_known" CHECK ("orders"."language" in ('en', 'ar'));--> statement-breakpoint
-- Card orders placed before this column: the language their checkout session was opened in. Cash orders kept no
-- trace of theirs and stay English.
UPDATE "orders" SET "language" = "checkout_sessions"."lang"
	FROM "checkout_sessions"
	WHERE "checkout_sessions"."id" = "orders"."checkout_session_id" AND "checkout_sessions"."lang" = 'ar';
