-- Every product is packed in the one kitchen that handles peanuts, tree nuts and sesame (decision 114): a product's
-- 'may contain' gains those of the three it does not contain, after the warnings it already carries. The shop's code
-- keeps this true for every later save (#shared/kitchen).
-- hand-written:
UPDATE "products"
SET "may_contain" = "may_contain" || ARRAY(
  SELECT kitchen.allergen
  FROM unnest(ARRAY['Peanuts', 'Tree nuts', 'Sesame']::text[]) WITH ORDINALITY AS kitchen(allergen, position)
  WHERE NOT kitchen.allergen = ANY("products"."allergens") AND NOT kitchen.allergen = ANY("products"."may_contain")
  ORDER BY kitchen.position
);
