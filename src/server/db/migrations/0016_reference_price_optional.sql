-- A weight's MRP may be empty (decision 094): no reference price, so no struck-through price and no 'OFF' label.
ALTER TABLE "product_weights" DROP CONSTRAINT "product_weights_price_check";--> statement-breakpoint
ALTER TABLE "product_weights" ALTER COLUMN "mrp_pence" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "product_weights" ADD CONSTRAINT "product_weights_price_check" CHECK ("product_weights"."price_pence" > 0 and ("product_weights"."mrp_pence" is null or "product_weights"."price_pence" <= "product_weights"."mrp_pence"));