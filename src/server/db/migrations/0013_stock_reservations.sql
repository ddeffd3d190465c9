-- Stock reserved by a checkout when it is made and given back when it is cancelled, expires or is abandoned (docs/api.md,
-- Stock). Checkouts from before carry no reservation.
ALTER TABLE "checkouts" ADD COLUMN "stock_reserved" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "stock_released_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "checkouts_holding_stock_idx" ON "checkouts" USING btree ("created_at") WHERE "checkouts"."stock_reserved" and "checkouts"."paid_at" is null and "checkouts"."stock_released_at" is null;