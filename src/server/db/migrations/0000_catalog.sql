CREATE TABLE "product_weights" (
	"product_id" text NOT NULL,
	"label" text NOT NULL,
	"grams" integer NOT NULL,
	"price_pence" integer NOT NULL,
	"mrp_pence" integer NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "product_weights_product_id_label_pk" PRIMARY KEY("product_id","label"),
	CONSTRAINT "product_weights_grams_check" CHECK ("product_weights"."grams" > 0),
	CONSTRAINT "product_weights_price_check" CHECK ("product_weights"."price_pence" > 0 and "product_weights"."price_pence" <= "product_weights"."mrp_pence")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"description" text NOT NULL,
	"image" text NOT NULL,
	"allergens" text[] DEFAULT '{}' NOT NULL,
	"vat_rate" smallint NOT NULL,
	"is_newly_launched" boolean DEFAULT false NOT NULL,
	"is_best_seller" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_category_check" CHECK ("products"."category" in ('Nuts', 'Dry Fruits', 'Seeds')),
	CONSTRAINT "products_vat_rate_check" CHECK ("products"."vat_rate" in (0, 20))
);
--> statement-breakpoint
ALTER TABLE "product_weights" ADD CONSTRAINT "product_weights_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;