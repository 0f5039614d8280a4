-- A cart's lines as its answers list them (server/modules/cart/repository.ts), oldest first.
CREATE FUNCTION "cart_lines_json"(cart text) RETURNS json LANGUAGE sql STABLE AS $$
  SELECT coalesce(json_agg(json_build_object(
      'id', i.id, 'productId', i.product_id, 'count', i.count, 'price', i.price
    ) ORDER BY i.created_at, i.id), '[]')
  FROM "cart_items" i WHERE i.cart_id = cart
$$;--> statement-breakpoint
-- A change of one line (PUT /cart/{id}: `wanted` units; DELETE /cart/{id}: `wanted` null, the line removed) in one
-- call, so one round trip holds the cart's lock: the caller's cart is locked, then its line (by product id, else by
-- line id) and the product are read after the lock (each statement of a function sees what committed before it), the
-- rules checked in the order shoppers meet them, the line and the cart's units and version changed. The answer says
-- which rule refused (the server words it), or holds the cart and its lines after the change.
CREATE FUNCTION "cart_change_line"(owner text, target text, wanted integer, max_line integer, max_order integer)
RETURNS json LANGUAGE plpgsql AS $$
DECLARE
  the_cart "carts"%ROWTYPE;
  the_line "cart_items"%ROWTYPE;
  the_title text;
  in_stock integer;
BEGIN
  SELECT * INTO the_cart FROM "carts" WHERE "user_id" = owner FOR UPDATE;
  IF NOT FOUND THEN
    RETURN json_build_object('outcome', 'no-cart');
  END IF;
  SELECT * INTO the_line FROM "cart_items" WHERE "cart_id" = the_cart.id AND ("product_id" = target OR "id" = target)
    ORDER BY "product_id" = target DESC LIMIT 1;
  IF NOT FOUND THEN
    RETURN json_build_object('outcome', 'no-line');
  END IF;
  IF wanted IS NULL THEN
    DELETE FROM "cart_items" WHERE "id" = the_line.id;
  ELSE
    SELECT "title", "quantity" INTO the_title, in_stock FROM "products" WHERE "id" = the_line.product_id;
    IF NOT FOUND OR wanted > in_stock THEN
      RETURN json_build_object('outcome', 'stock', 'title', the_title, 'quantity', coalesce(in_stock, 0));
    END IF;
    IF wanted > max_line THEN
      RETURN json_build_object('outcome', 'line-cap', 'title', the_title);
    END IF;
    IF the_cart.units - the_line.count + wanted > max_order THEN
      RETURN json_build_object('outcome', 'order-cap');
    END IF;
    UPDATE "cart_items" SET "count" = wanted WHERE "id" = the_line.id;
  END IF;
  UPDATE "carts"
    SET "version" = "version" + 1, "units" = "units" + coalesce(wanted, 0) - the_line.count, "updated_at" = now()
    WHERE "id" = the_cart.id RETURNING * INTO the_cart;
  RETURN json_build_object('outcome', 'done', 'cart', row_to_json(the_cart), 'lines', cart_lines_json(the_cart.id));
END
$$;
