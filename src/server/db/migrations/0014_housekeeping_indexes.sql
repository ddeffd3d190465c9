-- Indexes for the housekeeping sweep (decision 082): mail sent or given up on, by when; unpaid checkouts, by age.
CREATE INDEX "mail_queue_finished_idx" ON "mail_queue" USING btree (coalesce("sent_at", "failed_at"));--> statement-breakpoint
CREATE INDEX "checkouts_unpaid_idx" ON "checkouts" USING btree ("created_at") WHERE "checkouts"."paid_at" is null;