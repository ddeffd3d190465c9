CREATE TABLE "checkouts" (
	"id" text PRIMARY KEY NOT NULL,
	"session_id" text,
	"provider" text NOT NULL,
	"user_id" text,
	"guest_email" text,
	"email" text NOT NULL,
	"lines" jsonb NOT NULL,
	"amount_pence" integer NOT NULL,
	"shipping_address" jsonb NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkouts_amount_check" CHECK ("checkouts"."amount_pence" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"order_id" text NOT NULL,
	"position" smallint NOT NULL,
	"product_id" text NOT NULL,
	"name" text NOT NULL,
	"selected_weight" text NOT NULL,
	"qty" smallint NOT NULL,
	"unit_price_pence" integer NOT NULL,
	"vat_rate" smallint NOT NULL,
	CONSTRAINT "order_lines_order_id_position_pk" PRIMARY KEY("order_id","position"),
	CONSTRAINT "order_lines_qty_check" CHECK ("order_lines"."qty" between 1 and 99),
	CONSTRAINT "order_lines_price_check" CHECK ("order_lines"."unit_price_pence" > 0),
	CONSTRAINT "order_lines_vat_rate_check" CHECK ("order_lines"."vat_rate" in (0, 20))
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" text PRIMARY KEY NOT NULL,
	"order_number" bigint GENERATED ALWAYS AS IDENTITY (sequence name "orders_order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1001 CACHE 1),
	"checkout_id" text NOT NULL,
	"user_id" text,
	"guest_email" text,
	"email" text NOT NULL,
	"shipping_address" jsonb NOT NULL,
	"total_pence" integer NOT NULL,
	"is_delivered" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_total_check" CHECK ("orders"."total_pence" > 0)
);
--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checkouts_session_id_unique" ON "checkouts" USING btree ("session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_checkout_id_unique" ON "orders" USING btree ("checkout_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_order_number_unique" ON "orders" USING btree ("order_number");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_guest_email_idx" ON "orders" USING btree ("guest_email") WHERE "orders"."user_id" is null;