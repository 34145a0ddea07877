-- Issue 30: keys between catalogue tables carry the organisation (a sharded database keeps an
-- import's rows, a song's links and a song's release on one shard), so ids need no global unique
-- index. Hand-edited: the foreign keys leave the id constraints before those go, and a release's
-- deletion sets only release_id to null (drizzle-kit cannot name the column; PostgreSQL 15+).
-- Repair first: a song never had another organisation's release; if one did, it loses the link.
UPDATE "songs" AS s SET "release_id" = NULL FROM "releases" AS r WHERE r."id" = s."release_id" AND r."organization_id" <> s."organization_id";--> statement-breakpoint
ALTER TABLE "import_file_chunks" DROP CONSTRAINT "import_file_chunks_import_id_imports_id_fk";--> statement-breakpoint
ALTER TABLE "song_content_links" DROP CONSTRAINT "song_content_links_song_id_songs_id_fk";--> statement-breakpoint
ALTER TABLE "song_link_dismissals" DROP CONSTRAINT "song_link_dismissals_song_id_songs_id_fk";--> statement-breakpoint
ALTER TABLE "songs" DROP CONSTRAINT "songs_release_id_releases_id_fk";--> statement-breakpoint
ALTER TABLE "spotify_audience_days" DROP CONSTRAINT "spotify_audience_days_import_id_imports_id_fk";--> statement-breakpoint
ALTER TABLE "spotify_audience_import_days" DROP CONSTRAINT "spotify_audience_import_days_import_id_imports_id_fk";--> statement-breakpoint
ALTER TABLE "spotify_playlists" DROP CONSTRAINT "spotify_playlists_import_id_imports_id_fk";--> statement-breakpoint
ALTER TABLE "spotify_song_days" DROP CONSTRAINT "spotify_song_days_import_id_imports_id_fk";--> statement-breakpoint
ALTER TABLE "spotify_song_import_days" DROP CONSTRAINT "spotify_song_import_days_import_id_imports_id_fk";--> statement-breakpoint
ALTER TABLE "spotify_song_stats" DROP CONSTRAINT "spotify_song_stats_import_id_imports_id_fk";--> statement-breakpoint
ALTER TABLE "statement_line_imports" DROP CONSTRAINT "statement_line_imports_import_id_imports_id_fk";--> statement-breakpoint
ALTER TABLE "imports" DROP CONSTRAINT "imports_id_unique";--> statement-breakpoint
ALTER TABLE "releases" DROP CONSTRAINT "releases_id_unique";--> statement-breakpoint
ALTER TABLE "songs" DROP CONSTRAINT "songs_id_unique";--> statement-breakpoint
DROP INDEX "billing_accounts_customer_idx";--> statement-breakpoint
ALTER TABLE "import_file_chunks" ADD CONSTRAINT "import_file_chunks_import_fk" FOREIGN KEY ("organization_id","import_id") REFERENCES "public"."imports"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "song_content_links" ADD CONSTRAINT "song_content_links_song_fk" FOREIGN KEY ("organization_id","song_id") REFERENCES "public"."songs"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "song_link_dismissals" ADD CONSTRAINT "song_link_dismissals_song_fk" FOREIGN KEY ("organization_id","song_id") REFERENCES "public"."songs"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "songs" ADD CONSTRAINT "songs_release_fk" FOREIGN KEY ("organization_id","release_id") REFERENCES "public"."releases"("organization_id","id") ON DELETE SET NULL ("release_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spotify_audience_days" ADD CONSTRAINT "spotify_audience_days_import_fk" FOREIGN KEY ("organization_id","import_id") REFERENCES "public"."imports"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spotify_audience_import_days" ADD CONSTRAINT "spotify_audience_import_days_import_fk" FOREIGN KEY ("organization_id","import_id") REFERENCES "public"."imports"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spotify_playlists" ADD CONSTRAINT "spotify_playlists_import_fk" FOREIGN KEY ("organization_id","import_id") REFERENCES "public"."imports"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spotify_song_days" ADD CONSTRAINT "spotify_song_days_import_fk" FOREIGN KEY ("organization_id","import_id") REFERENCES "public"."imports"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spotify_song_import_days" ADD CONSTRAINT "spotify_song_import_days_import_fk" FOREIGN KEY ("organization_id","import_id") REFERENCES "public"."imports"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spotify_song_stats" ADD CONSTRAINT "spotify_song_stats_import_fk" FOREIGN KEY ("organization_id","import_id") REFERENCES "public"."imports"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_line_imports" ADD CONSTRAINT "statement_line_imports_import_fk" FOREIGN KEY ("organization_id","import_id") REFERENCES "public"."imports"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_accounts_customer_lookup_idx" ON "billing_accounts" USING btree ("customer_id");
