CREATE TABLE "order_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" text,
	"note" text
);
--> statement-breakpoint
DROP INDEX "orders_held_client_idx";--> statement-breakpoint
DROP INDEX "orders_held_phone_idx";--> statement-breakpoint
DROP INDEX "orders_held_address_idx";--> statement-breakpoint
DROP INDEX "orders_held_user_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "status" text DEFAULT 'placed' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "carrier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_reference" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","at","id");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_total_idx" ON "orders" USING btree ("total_order_price","id");--> statement-breakpoint
CREATE INDEX "orders_shipping_phone_key_prefix_idx" ON "orders" USING btree ("shipping_phone_key" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_email_prefix_idx" ON "users" USING btree ("email" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_phone_prefix_idx" ON "users" USING btree ("phone" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_held_client_idx" ON "orders" USING btree ("client_address") WHERE not "is_delivered" and "status" <> 'cancelled' and (not "is_paid" or "payment_provider" = 'test');--> statement-breakpoint
CREATE INDEX "orders_held_phone_idx" ON "orders" USING btree ("shipping_phone_key") WHERE not "is_delivered" and "status" <> 'cancelled' and (not "is_paid" or "payment_provider" = 'test');--> statement-breakpoint
CREATE INDEX "orders_held_address_idx" ON "orders" USING btree ("shipping_address_key") WHERE not "is_delivered" and "status" <> 'cancelled' and (not "is_paid" or "payment_provider" = 'test');--> statement-breakpoint
CREATE INDEX "orders_held_user_idx" ON "orders" USING btree ("user_id") WHERE not "is_delivered" and "status" <> 'cancelled' and (not "is_paid" or "payment_provider" = 'test');--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_known" CHECK ("orders"."status" in ('placed', 'paid', 'processing', 'shipped', 'delivered', 'cancelled'));--> statement-breakpoint
-- Orders placed before statuses existed: the status their flags say, and a history written from their dates (no
-- actor: the migration wrote it).
UPDATE "orders" SET "status" = CASE WHEN "is_delivered" THEN 'delivered' WHEN "is_paid" THEN 'paid' ELSE 'placed' END;
--> statement-breakpoint
INSERT INTO "order_events" ("order_id", "from_status", "to_status", "at")
	SELECT "id", NULL, CASE WHEN "is_paid" AND "payment_method_type" = 'card' THEN 'paid' ELSE 'placed' END, "created_at"
	FROM "orders" ORDER BY "created_at", "id";
--> statement-breakpoint
INSERT INTO "order_events" ("order_id", "from_status", "to_status", "at")
	SELECT "id", 'placed', 'paid', coalesce("paid_at", "updated_at")
	FROM "orders" WHERE "is_paid" AND "payment_method_type" = 'cash' AND NOT "is_delivered" ORDER BY "created_at", "id";
--> statement-breakpoint
INSERT INTO "order_events" ("order_id", "from_status", "to_status", "at")
	SELECT "id", CASE WHEN "is_paid" AND "payment_method_type" = 'card' THEN 'paid' ELSE 'placed' END, 'delivered',
		coalesce("delivered_at", "updated_at")
	FROM "orders" WHERE "is_delivered" ORDER BY "created_at", "id";
