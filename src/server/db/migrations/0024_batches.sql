-- Food traceability: stock received as batches with a code and a best-before, and the packs each checkout took
-- from each batch, so a paid order can be traced and a batch recalled (decision 116).
CREATE TABLE "batch_takes" (
	"checkout_id" text NOT NULL,
	"batch_id" text NOT NULL,
	"qty" integer NOT NULL,
	"returned" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "batch_takes_checkout_id_batch_id_pk" PRIMARY KEY("checkout_id","batch_id"),
	CONSTRAINT "batch_takes_qty_check" CHECK ("batch_takes"."qty" > 0 and "batch_takes"."returned" between 0 and "batch_takes"."qty")
);
--> statement-breakpoint
CREATE TABLE "stock_batches" (
	"id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"product_id" text NOT NULL,
	"label" text NOT NULL,
	"best_before" date NOT NULL,
	"quantity" integer NOT NULL,
	"remaining" integer NOT NULL,
	"withdrawn" integer DEFAULT 0 NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expired_at" timestamp with time zone,
	"recalled_at" timestamp with time zone,
	"recall_message" text,
	"recall_mailed" integer,
	CONSTRAINT "stock_batches_quantity_check" CHECK ("stock_batches"."quantity" > 0),
	CONSTRAINT "stock_batches_remaining_check" CHECK ("stock_batches"."remaining" >= 0 and "stock_batches"."withdrawn" >= 0)
);
--> statement-breakpoint
ALTER TABLE "batch_takes" ADD CONSTRAINT "batch_takes_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_takes" ADD CONSTRAINT "batch_takes_batch_id_stock_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."stock_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_batches" ADD CONSTRAINT "stock_batches_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "batch_takes_batch_idx" ON "batch_takes" USING btree ("batch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_batches_code_unique" ON "stock_batches" USING btree ("code");--> statement-breakpoint
CREATE INDEX "stock_batches_weight_idx" ON "stock_batches" USING btree ("product_id","label","best_before");