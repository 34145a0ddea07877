CREATE TABLE "spotify_song_import_days" (
	"organization_id" uuid NOT NULL,
	"import_id" uuid NOT NULL,
	"song_title" text NOT NULL,
	"day" date NOT NULL,
	"streams" bigint NOT NULL,
	CONSTRAINT "spotify_song_import_days_organization_id_import_id_song_title_day_pk" PRIMARY KEY("organization_id","import_id","song_title","day")
);
--> statement-breakpoint
ALTER TABLE "spotify_song_import_days" ADD CONSTRAINT "spotify_song_import_days_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "spotify_song_import_days_day_idx" ON "spotify_song_import_days" USING btree ("organization_id","song_title","day");--> statement-breakpoint
-- Song-timeline days imported before this migration: each day's current import keeps its streams
-- (older imports' streams for those days were overwritten and cannot be recovered).
INSERT INTO "spotify_song_import_days" ("organization_id", "import_id", "song_title", "day", "streams")
SELECT "organization_id", "import_id", "song_title", "day", "streams" FROM "spotify_song_days";
