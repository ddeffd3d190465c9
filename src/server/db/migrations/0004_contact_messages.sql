CREATE TABLE "contact_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_messages_lengths_check" CHECK (char_length("contact_messages"."name") <= 100 and char_length("contact_messages"."email") <= 254 and char_length(coalesce("contact_messages"."phone", '')) <= 30 and char_length("contact_messages"."message") <= 2000)
);
--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at");