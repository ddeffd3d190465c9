CREATE TABLE "cart_lines" (
	"user_id" text NOT NULL,
	"product_id" text NOT NULL,
	"selected_weight" text NOT NULL,
	"qty" smallint NOT NULL,
	"product_name" text NOT NULL,
	"added_seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "cart_lines_added_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_lines_user_id_product_id_pk" PRIMARY KEY("user_id","product_id"),
	CONSTRAINT "cart_lines_qty_check" CHECK ("cart_lines"."qty" between 1 and 99)
);
--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;