-- A customer who deletes their account leaves their orders for the books without their personal data (decision 061):
-- the e-mail and the address may then be null, and anonymised_at says when they went.
ALTER TABLE "checkouts" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ALTER COLUMN "shipping_address" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "shipping_address" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "anonymised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "anonymised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_personal_data_check" CHECK ("checkouts"."anonymised_at" is not null or ("checkouts"."email" is not null and "checkouts"."shipping_address" is not null));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_personal_data_check" CHECK ("orders"."anonymised_at" is not null or ("orders"."email" is not null and "orders"."shipping_address" is not null));