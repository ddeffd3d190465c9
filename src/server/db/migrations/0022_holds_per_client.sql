-- What one client's unpaid checkouts hold is bounded per weight (decision 104): each checkout records the client
-- address it came from (cleared once paid or given back), and the holding checkouts are found by address and by account.
ALTER TABLE "checkouts" ADD COLUMN "client_address" text;--> statement-breakpoint
CREATE INDEX "checkouts_holding_by_address_idx" ON "checkouts" USING btree ("client_address") WHERE "checkouts"."stock_reserved" and "checkouts"."paid_at" is null and "checkouts"."stock_released_at" is null;--> statement-breakpoint
CREATE INDEX "checkouts_holding_by_user_idx" ON "checkouts" USING btree ("user_id") WHERE "checkouts"."stock_reserved" and "checkouts"."paid_at" is null and "checkouts"."stock_released_at" is null;