ALTER TABLE "campaigns" ADD COLUMN "song_isrc" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "release_upc" text;--> statement-breakpoint
CREATE INDEX "statement_lines_source_month_idx" ON "statement_lines" USING btree ("organization_id","source","sale_month");