-- The owner may hide a review from the shop (docs/api.md, The owner's API); a hidden review keeps its row until deleted.
ALTER TABLE "reviews" ADD COLUMN "hidden_at" timestamp with time zone;