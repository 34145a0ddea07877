ALTER TABLE "campaigns" ADD COLUMN "measure_on" text DEFAULT 'all' NOT NULL;--> statement-breakpoint
-- Ads bought on a platform are measured on that platform's figures from now on (issue 28).
UPDATE "campaigns" SET "measure_on" = 'channel' WHERE "channel" IN ('youtube_ads', 'meta_ads');
