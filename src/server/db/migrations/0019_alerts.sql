-- Alerts for the shop (decision 098): each new order mailed to the shop once, and a low-stock threshold per weight.
-- Orders from before were never announced and never will be: they count as told.
ALTER TABLE "product_weights" ADD COLUMN "low_stock_at" integer;--> statement-breakpoint
ALTER TABLE "product_weights" ADD COLUMN "low_stock_alerted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shop_notified_at" timestamp with time zone;--> statement-breakpoint
UPDATE "orders" SET "shop_notified_at" = "created_at";--> statement-breakpoint
CREATE INDEX "product_weights_low_stock_idx" ON "product_weights" USING btree ("product_id") WHERE "product_weights"."low_stock_at" is not null;--> statement-breakpoint
CREATE INDEX "orders_shop_unnotified_idx" ON "orders" USING btree ("created_at") WHERE "orders"."shop_notified_at" is null;--> statement-breakpoint
ALTER TABLE "product_weights" ADD CONSTRAINT "product_weights_low_stock_check" CHECK ("product_weights"."low_stock_at" >= 0);