CREATE TABLE "import_file_chunks" (
	"organization_id" uuid NOT NULL,
	"import_id" uuid NOT NULL,
	"sequence" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "import_file_chunks_organization_id_import_id_sequence_pk" PRIMARY KEY("organization_id","import_id","sequence")
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"uploaded_by" uuid,
	"format" text NOT NULL,
	"source" text NOT NULL,
	"file_name" text NOT NULL,
	"file_bytes" bigint NOT NULL,
	"content_sha256" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"period_from" date,
	"period_to" date,
	"granularity" text,
	"rows_total" integer DEFAULT 0 NOT NULL,
	"rows_imported" integer DEFAULT 0 NOT NULL,
	"rows_rejected" integer DEFAULT 0 NOT NULL,
	"rows_duplicate" integer DEFAULT 0 NOT NULL,
	"duplicate_of" uuid,
	"rejections" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"totals" jsonb DEFAULT '{"quantity":0,"earnings":[]}'::jsonb NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "imports_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "imports_id_unique" UNIQUE("id")
);
--> statement-breakpoint
CREATE TABLE "releases" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"upc" text,
	"title" text NOT NULL,
	"release_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "releases_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "releases_id_unique" UNIQUE("id")
);
--> statement-breakpoint
CREATE TABLE "song_content_links" (
	"organization_id" uuid NOT NULL,
	"song_id" uuid NOT NULL,
	"content_item_id" uuid NOT NULL,
	"confidence" real,
	"linked_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "song_content_links_organization_id_song_id_content_item_id_pk" PRIMARY KEY("organization_id","song_id","content_item_id")
);
--> statement-breakpoint
CREATE TABLE "songs" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"isrc" text NOT NULL,
	"title" text NOT NULL,
	"artist" text,
	"release_id" uuid,
	"release_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "songs_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "songs_id_unique" UNIQUE("id")
);
--> statement-breakpoint
CREATE TABLE "spotify_audience_days" (
	"organization_id" uuid NOT NULL,
	"day" date NOT NULL,
	"import_id" uuid NOT NULL,
	"listeners" integer,
	"streams" bigint,
	"followers" integer,
	CONSTRAINT "spotify_audience_days_organization_id_day_pk" PRIMARY KEY("organization_id","day")
);
--> statement-breakpoint
CREATE TABLE "spotify_playlists" (
	"organization_id" uuid NOT NULL,
	"import_id" uuid NOT NULL,
	"name" text NOT NULL,
	"made_by" text DEFAULT '' NOT NULL,
	"listeners" bigint,
	"streams" bigint,
	"date_added" date,
	CONSTRAINT "spotify_playlists_organization_id_import_id_name_made_by_pk" PRIMARY KEY("organization_id","import_id","name","made_by")
);
--> statement-breakpoint
CREATE TABLE "spotify_song_days" (
	"organization_id" uuid NOT NULL,
	"song_title" text NOT NULL,
	"day" date NOT NULL,
	"song_id" uuid,
	"import_id" uuid NOT NULL,
	"streams" bigint NOT NULL,
	CONSTRAINT "spotify_song_days_organization_id_song_title_day_pk" PRIMARY KEY("organization_id","song_title","day")
);
--> statement-breakpoint
CREATE TABLE "spotify_song_stats" (
	"organization_id" uuid NOT NULL,
	"import_id" uuid NOT NULL,
	"title" text NOT NULL,
	"song_id" uuid,
	"listeners" bigint,
	"streams" bigint,
	"saves" bigint,
	"release_date" date,
	"as_of" date NOT NULL,
	CONSTRAINT "spotify_song_stats_organization_id_import_id_title_pk" PRIMARY KEY("organization_id","import_id","title")
);
--> statement-breakpoint
CREATE TABLE "statement_line_imports" (
	"organization_id" uuid NOT NULL,
	"import_id" uuid NOT NULL,
	"line_id" bigint NOT NULL,
	CONSTRAINT "statement_line_imports_organization_id_import_id_line_id_pk" PRIMARY KEY("organization_id","import_id","line_id")
);
--> statement-breakpoint
CREATE TABLE "statement_lines" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "statement_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" uuid NOT NULL,
	"source" text NOT NULL,
	"fingerprint" text NOT NULL,
	"occurrence" integer NOT NULL,
	"sale_month" date NOT NULL,
	"reported_month" date,
	"store" text NOT NULL,
	"store_name" text NOT NULL,
	"country" text,
	"song_id" uuid,
	"release_id" uuid,
	"title" text,
	"item_type" text NOT NULL,
	"quantity" numeric(20, 4) NOT NULL,
	"earnings" numeric(24, 10) NOT NULL,
	"currency" text NOT NULL,
	"is_account_currency" boolean NOT NULL,
	CONSTRAINT "statement_lines_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "import_file_chunks" ADD CONSTRAINT "import_file_chunks_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "releases" ADD CONSTRAINT "releases_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "song_content_links" ADD CONSTRAINT "song_content_links_song_id_songs_id_fk" FOREIGN KEY ("song_id") REFERENCES "public"."songs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "song_content_links" ADD CONSTRAINT "song_content_links_content_item_id_content_items_id_fk" FOREIGN KEY ("content_item_id") REFERENCES "public"."content_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "song_content_links" ADD CONSTRAINT "song_content_links_linked_by_users_id_fk" FOREIGN KEY ("linked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "songs" ADD CONSTRAINT "songs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "songs" ADD CONSTRAINT "songs_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spotify_audience_days" ADD CONSTRAINT "spotify_audience_days_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spotify_audience_days" ADD CONSTRAINT "spotify_audience_days_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spotify_playlists" ADD CONSTRAINT "spotify_playlists_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spotify_playlists" ADD CONSTRAINT "spotify_playlists_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spotify_song_days" ADD CONSTRAINT "spotify_song_days_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spotify_song_days" ADD CONSTRAINT "spotify_song_days_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spotify_song_stats" ADD CONSTRAINT "spotify_song_stats_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spotify_song_stats" ADD CONSTRAINT "spotify_song_stats_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_line_imports" ADD CONSTRAINT "statement_line_imports_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "imports_organization_created_idx" ON "imports" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "releases_organization_upc_unique" ON "releases" USING btree ("organization_id","upc");--> statement-breakpoint
CREATE INDEX "song_content_links_item_idx" ON "song_content_links" USING btree ("organization_id","content_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "songs_organization_isrc_unique" ON "songs" USING btree ("organization_id","isrc");--> statement-breakpoint
CREATE INDEX "statement_line_imports_line_idx" ON "statement_line_imports" USING btree ("organization_id","line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "statement_lines_identity_unique" ON "statement_lines" USING btree ("organization_id","source","fingerprint","occurrence");--> statement-breakpoint
CREATE INDEX "statement_lines_month_idx" ON "statement_lines" USING btree ("organization_id","sale_month");--> statement-breakpoint
CREATE INDEX "statement_lines_song_idx" ON "statement_lines" USING btree ("organization_id","song_id");--> statement-breakpoint
-- Imports and the catalogue feed the dashboard (revenue, songs, Spotify, ROI): they move analytics_version too.
CREATE TRIGGER "imports_analytics_version_insert" AFTER INSERT ON "imports" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_analytics_version_new"();
--> statement-breakpoint
CREATE TRIGGER "imports_analytics_version_update" AFTER UPDATE ON "imports" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_analytics_version_new"();
--> statement-breakpoint
CREATE TRIGGER "imports_analytics_version_delete" AFTER DELETE ON "imports" REFERENCING OLD TABLE AS "removed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_analytics_version_old"();
--> statement-breakpoint
CREATE TRIGGER "releases_analytics_version_insert" AFTER INSERT ON "releases" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_analytics_version_new"();
--> statement-breakpoint
CREATE TRIGGER "releases_analytics_version_update" AFTER UPDATE ON "releases" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_analytics_version_new"();
--> statement-breakpoint
CREATE TRIGGER "releases_analytics_version_delete" AFTER DELETE ON "releases" REFERENCING OLD TABLE AS "removed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_analytics_version_old"();
--> statement-breakpoint
CREATE TRIGGER "songs_analytics_version_insert" AFTER INSERT ON "songs" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_analytics_version_new"();
--> statement-breakpoint
CREATE TRIGGER "songs_analytics_version_update" AFTER UPDATE ON "songs" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_analytics_version_new"();
--> statement-breakpoint
CREATE TRIGGER "songs_analytics_version_delete" AFTER DELETE ON "songs" REFERENCING OLD TABLE AS "removed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_analytics_version_old"();
--> statement-breakpoint
CREATE TRIGGER "song_content_links_analytics_version_insert" AFTER INSERT ON "song_content_links" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_analytics_version_new"();
--> statement-breakpoint
CREATE TRIGGER "song_content_links_analytics_version_update" AFTER UPDATE ON "song_content_links" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_analytics_version_new"();
--> statement-breakpoint
CREATE TRIGGER "song_content_links_analytics_version_delete" AFTER DELETE ON "song_content_links" REFERENCING OLD TABLE AS "removed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_analytics_version_old"();
--> statement-breakpoint
CREATE TRIGGER "statement_lines_analytics_version_insert" AFTER INSERT ON "statement_lines" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_analytics_version_new"();
--> statement-breakpoint
CREATE TRIGGER "statement_lines_analytics_version_update" AFTER UPDATE ON "statement_lines" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_analytics_version_new"();
--> statement-breakpoint
CREATE TRIGGER "statement_lines_analytics_version_delete" AFTER DELETE ON "statement_lines" REFERENCING OLD TABLE AS "removed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_analytics_version_old"();
--> statement-breakpoint
CREATE TRIGGER "spotify_audience_days_analytics_version_insert" AFTER INSERT ON "spotify_audience_days" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_analytics_version_new"();
--> statement-breakpoint
CREATE TRIGGER "spotify_audience_days_analytics_version_update" AFTER UPDATE ON "spotify_audience_days" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_analytics_version_new"();
--> statement-breakpoint
CREATE TRIGGER "spotify_audience_days_analytics_version_delete" AFTER DELETE ON "spotify_audience_days" REFERENCING OLD TABLE AS "removed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_analytics_version_old"();
--> statement-breakpoint
CREATE TRIGGER "spotify_song_stats_analytics_version_insert" AFTER INSERT ON "spotify_song_stats" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_analytics_version_new"();
--> statement-breakpoint
CREATE TRIGGER "spotify_song_stats_analytics_version_update" AFTER UPDATE ON "spotify_song_stats" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_analytics_version_new"();
--> statement-breakpoint
CREATE TRIGGER "spotify_song_stats_analytics_version_delete" AFTER DELETE ON "spotify_song_stats" REFERENCING OLD TABLE AS "removed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_analytics_version_old"();
--> statement-breakpoint
CREATE TRIGGER "spotify_song_days_analytics_version_insert" AFTER INSERT ON "spotify_song_days" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_analytics_version_new"();
--> statement-breakpoint
CREATE TRIGGER "spotify_song_days_analytics_version_update" AFTER UPDATE ON "spotify_song_days" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_analytics_version_new"();
--> statement-breakpoint
CREATE TRIGGER "spotify_song_days_analytics_version_delete" AFTER DELETE ON "spotify_song_days" REFERENCING OLD TABLE AS "removed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_analytics_version_old"();
--> statement-breakpoint
CREATE TRIGGER "spotify_playlists_analytics_version_insert" AFTER INSERT ON "spotify_playlists" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_analytics_version_new"();
--> statement-breakpoint
CREATE TRIGGER "spotify_playlists_analytics_version_update" AFTER UPDATE ON "spotify_playlists" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_analytics_version_new"();
--> statement-breakpoint
CREATE TRIGGER "spotify_playlists_analytics_version_delete" AFTER DELETE ON "spotify_playlists" REFERENCING OLD TABLE AS "removed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_analytics_version_old"();
