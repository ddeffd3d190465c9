-- Delivery charges and promotion codes (decision 096): the settings, the promotions, and what a checkout and an order
-- were charged for. Checkouts and orders from before had no discount or delivery: their subtotal is what they cost.
CREATE TABLE "promotions" (
	"id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"description" text NOT NULL,
	"type" text NOT NULL,
	"value" integer NOT NULL,
	"min_spend_pence" integer,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"max_uses" integer,
	"once_per_customer" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotions_value_check" CHECK ("promotions"."value" >= 0),
	CONSTRAINT "promotions_percent_check" CHECK ("promotions"."type" <> 'percent' or "promotions"."value" between 1 and 100),
	CONSTRAINT "promotions_max_uses_check" CHECK ("promotions"."max_uses" is null or "promotions"."max_uses" > 0)
);
--> statement-breakpoint
CREATE TABLE "shop_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "subtotal_pence" integer;--> statement-breakpoint
UPDATE "checkouts" SET "subtotal_pence" = "amount_pence";--> statement-breakpoint
ALTER TABLE "checkouts" ALTER COLUMN "subtotal_pence" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "discount_pence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "delivery_pence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "promotion_id" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "promo_code" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "discount_pence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "subtotal_pence" integer;--> statement-breakpoint
UPDATE "orders" SET "subtotal_pence" = "total_pence";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "subtotal_pence" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_pence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_pence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promo_code" text;--> statement-breakpoint
CREATE UNIQUE INDEX "promotions_code_unique" ON "promotions" USING btree (lower("code"));--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkouts_promotion_idx" ON "checkouts" USING btree ("promotion_id") WHERE "checkouts"."promotion_id" is not null;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_discount_check" CHECK ("order_lines"."discount_pence" between 0 and "order_lines"."unit_price_pence" * "order_lines"."qty");