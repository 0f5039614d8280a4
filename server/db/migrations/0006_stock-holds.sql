ALTER TABLE "checkout_sessions" ADD COLUMN "client_address" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_provider" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "client_address" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_phone_key" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_address_key" text;--> statement-breakpoint
CREATE INDEX "order_items_product_idx" ON "order_items" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "orders_held_client_idx" ON "orders" USING btree ("client_address") WHERE not "is_delivered" and (not "is_paid" or "payment_provider" = 'test');--> statement-breakpoint
CREATE INDEX "orders_held_phone_idx" ON "orders" USING btree ("shipping_phone_key") WHERE not "is_delivered" and (not "is_paid" or "payment_provider" = 'test');--> statement-breakpoint
CREATE INDEX "orders_held_address_idx" ON "orders" USING btree ("shipping_address_key") WHERE not "is_delivered" and (not "is_paid" or "payment_provider" = 'test');--> statement-breakpoint
CREATE INDEX "orders_held_user_idx" ON "orders" USING btree ("user_id") WHERE not "is_delivered" and (not "is_paid" or "payment_provider" = 'test');--> statement-breakpoint
-- Orders from before the caps: card orders learn their provider from their session; the shipping phone and
-- address get their compared form (the SQL twin of phoneKey / shippingAddressKey in
-- server/modules/orders/holds.ts for the usual inputs). Their client address was never recorded.
UPDATE "orders" o SET "payment_provider" = s."provider"
  FROM "checkout_sessions" s WHERE s."id" = o."checkout_session_id";--> statement-breakpoint
UPDATE "orders" SET
  "shipping_phone_key" = regexp_replace(regexp_replace(
    regexp_replace(regexp_replace(arabic_normalise("shipping_phone"), '[^0-9]', '', 'g'), '^00', ''),
    '^20(01[0-9]{9})$', '\1'), '^20(1[0-9]{9})$', '0\1'),
  "shipping_address_key" =
    btrim(regexp_replace(lower(arabic_normalise("shipping_details")), '[^[:alnum:]]+', ' ', 'g')) || '|' ||
    btrim(regexp_replace(lower(arabic_normalise("shipping_city")), '[^[:alnum:]]+', ' ', 'g'));
