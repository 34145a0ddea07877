ALTER TABLE "campaigns" ADD COLUMN "song_isrc" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "release_upc" text;