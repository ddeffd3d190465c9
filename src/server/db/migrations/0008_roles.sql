-- Roles (docs/api.md, The owner's API): every account is a customer until start-up (ADMIN_EMAIL) or `npm run admin:create`
-- makes it the shop's admin.
ALTER TABLE "users" ADD COLUMN "role" text DEFAULT 'customer' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('customer', 'admin'));