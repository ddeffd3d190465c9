-- Signups wait as attempts until their code is entered; users holds only proven addresses (decision 043).
CREATE TABLE "signup_attempts" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"password_hash" text NOT NULL,
	"code_hash" text,
	"expires_at" timestamp with time zone NOT NULL,
	"tries" smallint DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signup_attempts_tries_check" CHECK ("signup_attempts"."tries" >= 0),
	CONSTRAINT "signup_attempts_email_lower_check" CHECK ("signup_attempts"."email" = lower("signup_attempts"."email"))
);
--> statement-breakpoint
CREATE INDEX "signup_attempts_email_idx" ON "signup_attempts" USING btree ("email","created_at");--> statement-breakpoint
-- Each unverified account becomes an attempt with its id, name, password and live code: the code's keyed hash
-- was made with that id, so a browser still holding the id from its signup verifies as before. An account
-- without a code keeps none (a code is mailed again on resend or login).
INSERT INTO "signup_attempts" ("id", "email", "name", "password_hash", "code_hash", "expires_at", "tries", "sent_at", "created_at")
SELECT "users"."id", "users"."email", "users"."name", "users"."password_hash", "signup_codes"."code_hash",
	coalesce("signup_codes"."expires_at", now()), coalesce("signup_codes"."attempts", 0),
	coalesce("signup_codes"."sent_at", "users"."created_at"), "users"."created_at"
FROM "users" LEFT JOIN "signup_codes" ON "signup_codes"."user_id" = "users"."id"
WHERE "users"."verified_at" IS NULL;--> statement-breakpoint
-- Nothing of theirs is lost by deleting them: an unverified account could never hold a session token, so no cart
-- line (cascade), checkout, order or review (set null) names it. Only unused password-reset links go (cascade);
-- logging in with the password typed at signup mails a code, and signing up again works too.
DELETE FROM "users" WHERE "verified_at" IS NULL;--> statement-breakpoint
ALTER TABLE "signup_codes" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "signup_codes" CASCADE;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "verified_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "verified_at" SET NOT NULL;
