-- The owner may hide a review from the shop (contract §7, issue 17); a hidden review keeps its row until deleted.
ALTER TABLE "reviews" ADD COLUMN "hidden_at" timestamp with time zone;