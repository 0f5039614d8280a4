CREATE TABLE "product_status_counts" (
	"status" text PRIMARY KEY NOT NULL,
	"products" integer NOT NULL,
	CONSTRAINT "product_status_counts_not_negative" CHECK ("product_status_counts"."products" >= 0)
);
--> statement-breakpoint
CREATE INDEX "products_active_category_created_idx" ON "products" USING btree ("category_id","created_at" DESC NULLS FIRST,"id") WHERE "products"."status" = 'active';--> statement-breakpoint
CREATE INDEX "products_active_brand_created_idx" ON "products" USING btree ("brand_id","created_at" DESC NULLS FIRST,"id") WHERE "products"."status" = 'active';
--> statement-breakpoint
-- The counts follow every statement that adds, removes or changes products, once per statement (an import's batch is
-- one change of each count), from the rows it touched. An update that changes no product's status (an order taking
-- stock, a price change) writes nothing here and takes no lock.
CREATE FUNCTION "product_status_counts_add"(changed json) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF changed IS NULL THEN
    RETURN;
  END IF;
  -- The three rows are locked together, always in one order: two transactions that both change counts (one moving a
  -- product from active to draft, the other from draft to active) would otherwise each hold the row the other needs.
  PERFORM 1 FROM "product_status_counts" ORDER BY "status" FOR UPDATE;
  UPDATE "product_status_counts" AS c SET "products" = c."products" + d."n"
  FROM (SELECT "key" AS "status", "value"::text::integer AS "n" FROM json_each(changed)) AS d
  WHERE c."status" = d."status" AND d."n" <> 0;
END
$$;--> statement-breakpoint
-- Rows added (the trigger's argument 1) or removed (-1), as the statement's transition table "changed_rows".
CREATE FUNCTION "product_status_counts_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "product_status_counts_add"((SELECT json_object_agg("status", "n" * TG_ARGV[0]::integer) FROM (
    SELECT "status", count(*) AS "n" FROM "changed_rows" GROUP BY "status") AS d));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "product_status_counts_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "product_status_counts_add"((SELECT json_object_agg("status", "n") FROM (
    SELECT "status", sum("n") AS "n" FROM (
      SELECT "status", 1 AS "n" FROM "new_rows" UNION ALL SELECT "status", -1 FROM "old_rows"
    ) AS rows GROUP BY "status" HAVING sum("n") <> 0) AS d));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "product_status_counts_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "product_status_counts" ORDER BY "status" FOR UPDATE;
  UPDATE "product_status_counts" SET "products" = 0 WHERE "products" <> 0;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "product_status_counts_on_insert" AFTER INSERT ON "products" REFERENCING NEW TABLE AS "changed_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "product_status_counts_added"('1');--> statement-breakpoint
CREATE TRIGGER "product_status_counts_on_delete" AFTER DELETE ON "products" REFERENCING OLD TABLE AS "changed_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "product_status_counts_added"('-1');--> statement-breakpoint
CREATE TRIGGER "product_status_counts_on_update" AFTER UPDATE ON "products"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "product_status_counts_updated"();--> statement-breakpoint
CREATE TRIGGER "product_status_counts_on_truncate" AFTER TRUNCATE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION "product_status_counts_truncated"();--> statement-breakpoint
-- Filled after the triggers: creating them locked the table against writes until this migration commits.
INSERT INTO "product_status_counts" ("status", "products")
  SELECT s, (SELECT count(*) FROM "products" WHERE "status" = s) FROM unnest(ARRAY['active', 'draft', 'archived']) AS s;
