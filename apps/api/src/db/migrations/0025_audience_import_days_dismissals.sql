CREATE TABLE "song_link_dismissals" (
	"organization_id" uuid NOT NULL,
	"song_id" uuid NOT NULL,
	"content_item_id" uuid NOT NULL,
	"dismissed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "song_link_dismissals_organization_id_song_id_content_item_id_pk" PRIMARY KEY("organization_id","song_id","content_item_id")
);
--> statement-breakpoint
CREATE TABLE "spotify_audience_import_days" (
	"organization_id" uuid NOT NULL,
	"import_id" uuid NOT NULL,
	"day" date NOT NULL,
	"listeners" integer,
	"streams" bigint,
	"followers" integer,
	CONSTRAINT "spotify_audience_import_days_organization_id_import_id_day_pk" PRIMARY KEY("organization_id","import_id","day")
);
--> statement-breakpoint
ALTER TABLE "song_link_dismissals" ADD CONSTRAINT "song_link_dismissals_song_id_songs_id_fk" FOREIGN KEY ("song_id") REFERENCES "public"."songs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "song_link_dismissals" ADD CONSTRAINT "song_link_dismissals_content_item_id_content_items_id_fk" FOREIGN KEY ("content_item_id") REFERENCES "public"."content_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "song_link_dismissals" ADD CONSTRAINT "song_link_dismissals_dismissed_by_users_id_fk" FOREIGN KEY ("dismissed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spotify_audience_import_days" ADD CONSTRAINT "spotify_audience_import_days_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "spotify_audience_import_days_day_idx" ON "spotify_audience_import_days" USING btree ("organization_id","day");--> statement-breakpoint
-- Audience days imported before this migration: each day's current import keeps its values (the
-- older imports' values for those days were overwritten and cannot be recovered).
INSERT INTO "spotify_audience_import_days" ("organization_id", "import_id", "day", "listeners", "streams", "followers")
SELECT "organization_id", "import_id", "day", "listeners", "streams", "followers" FROM "spotify_audience_days";
