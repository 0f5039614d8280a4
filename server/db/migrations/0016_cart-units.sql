ALTER TABLE "carts" ADD COLUMN "units" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_units_not_negative" CHECK ("carts"."units" >= 0);--> statement-breakpoint
UPDATE "carts" SET "units" = coalesce((SELECT sum("count") FROM "cart_items" WHERE "cart_items"."cart_id" = "carts"."id"), 0);--> statement-breakpoint
-- An add to cart is one statement (server/modules/cart/repository.ts, addUnit): when its line could not be added
-- (stock, a cap), this stops the statement, so the cart's own row is not changed either. FC400 tells the server to
-- read why.
CREATE OR REPLACE FUNCTION "cart_add_allowed"(allowed boolean) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  IF NOT allowed THEN
    RAISE EXCEPTION 'cart add refused' USING ERRCODE = 'FC400';
  END IF;
  RETURN true;
END
$$;
