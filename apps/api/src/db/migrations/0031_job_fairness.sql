ALTER TABLE "jobs" ADD COLUMN "fairness_key" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "jobs_fairness_claimed_idx" ON "jobs" USING btree ("fairness_key","claimed_at");