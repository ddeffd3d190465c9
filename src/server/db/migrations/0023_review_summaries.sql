-- Reviews of a product, and the count and average of reviews read from a summary rather than from every review
-- (decision 108): `reviews.product_id`, its index for a product's page of reviews, and `review_summaries`, one row for
-- the shop ('*') and one per reviewed product, kept by triggers on `reviews` in the same statement as every change.
CREATE TABLE "review_summaries" (
	"key" text PRIMARY KEY NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"rating_sum" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "product_id" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reviews_product_created_idx" ON "reviews" USING btree ("product_id","created_at");
--> statement-breakpoint
-- hand-written: the triggers that keep review_summaries, then the backfill.
-- Adds shown reviews (counts +1 or -1, with their ratings) to the shop's row and their products' rows, in one
-- statement whose rows are locked in key order, so concurrent writers queue on a row rather than deadlock.
CREATE FUNCTION "review_summaries_add"(product_ids text[], counts integer[], ratings integer[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO "review_summaries" AS "summary" ("key", "review_count", "rating_sum")
  SELECT "key", sum("n")::integer, sum("r")::integer
  FROM (
    SELECT '*' AS "key", "change"."n", "change"."r"
    FROM unnest(product_ids, counts, ratings) AS "change"("product_id", "n", "r")
    UNION ALL
    SELECT "change"."product_id", "change"."n", "change"."r"
    FROM unnest(product_ids, counts, ratings) AS "change"("product_id", "n", "r")
    WHERE "change"."product_id" IS NOT NULL
  ) AS "changes"
  GROUP BY "key"
  HAVING sum("n") <> 0 OR sum("r") <> 0
  ORDER BY "key" COLLATE "C"
  ON CONFLICT ("key") DO UPDATE SET
    "review_count" = "summary"."review_count" + excluded."review_count",
    "rating_sum" = "summary"."rating_sum" + excluded."rating_sum"
$$;--> statement-breakpoint
-- A statement's shown rows before (taken away) and after (added): a change that leaves them as they were (an account
-- deleted, which clears user_id) nets to nothing and locks no summary.
CREATE FUNCTION "reviews_keep_summaries"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  product_ids text[];
  counts integer[];
  ratings integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg("product_id"), array_agg(1), array_agg("rating"::integer) INTO product_ids, counts, ratings
    FROM "new_rows" WHERE "hidden_at" IS NULL;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg("product_id"), array_agg(-1), array_agg(-"rating"::integer) INTO product_ids, counts, ratings
    FROM "old_rows" WHERE "hidden_at" IS NULL;
  ELSE
    SELECT array_agg("product_id"), array_agg("n"), array_agg("r") INTO product_ids, counts, ratings
    FROM (
      SELECT "product_id", -1 AS "n", -"rating"::integer AS "r" FROM "old_rows" WHERE "hidden_at" IS NULL
      UNION ALL
      SELECT "product_id", 1, "rating"::integer FROM "new_rows" WHERE "hidden_at" IS NULL
    ) AS "changes";
  END IF;
  IF product_ids IS NOT NULL THEN
    PERFORM "review_summaries_add"(product_ids, counts, ratings);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "reviews_summaries_on_insert" AFTER INSERT ON "reviews"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "reviews_keep_summaries"();--> statement-breakpoint
CREATE TRIGGER "reviews_summaries_on_update" AFTER UPDATE ON "reviews"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "reviews_keep_summaries"();--> statement-breakpoint
CREATE TRIGGER "reviews_summaries_on_delete" AFTER DELETE ON "reviews"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "reviews_keep_summaries"();--> statement-breakpoint
-- The reviews there already: none has a product yet.
INSERT INTO "review_summaries" ("key", "review_count", "rating_sum")
SELECT '*', count(*)::integer, coalesce(sum("rating"), 0)::integer FROM "reviews" WHERE "hidden_at" IS NULL;
