-- A share link shows a chosen set of platforms instead of one scope. Links made before keep what
-- they showed: 'all' becomes every platform, one platform a set of that one.
ALTER TABLE "share_links" ADD COLUMN "platforms" text[];--> statement-breakpoint
UPDATE "share_links" SET "platforms" = CASE WHEN "platform" = 'all' THEN array['youtube', 'instagram', 'facebook'] ELSE array["platform"] END;--> statement-breakpoint
ALTER TABLE "share_links" ALTER COLUMN "platforms" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "share_links" DROP COLUMN "platform";--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_platforms_check" CHECK (cardinality("share_links"."platforms") > 0 and "share_links"."platforms" <@ array['youtube', 'instagram', 'facebook']);
