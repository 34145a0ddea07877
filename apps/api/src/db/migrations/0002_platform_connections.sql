CREATE TABLE "oauth_states" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"state_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"code_verifier_sealed" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"return_to" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"created_by_user_id" uuid,
	"provider" text NOT NULL,
	"external_account_id" text NOT NULL,
	"account_name" text NOT NULL,
	"status" text DEFAULT 'connected' NOT NULL,
	"access_token_sealed" text,
	"refresh_token_sealed" text,
	"access_token_expires_at" timestamp with time zone,
	"token_key_version" integer NOT NULL,
	"scopes" text[] NOT NULL,
	"is_sandbox" boolean DEFAULT false NOT NULL,
	"last_synced_at" timestamp with time zone,
	"sync_step" text,
	"sync_percent" integer,
	"sync_error" text,
	"data_complete_through" date,
	"synced_through" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account_daily_metrics" (
	"account_id" uuid NOT NULL,
	"day" date NOT NULL,
	"organization_id" uuid NOT NULL,
	"views" bigint,
	"watch_minutes" bigint,
	"average_view_duration_seconds" integer,
	"likes" integer,
	"comments" integer,
	"shares" integer,
	"saves" integer,
	"followers_gained" integer,
	"followers_lost" integer,
	"reach" integer,
	"total_interactions" integer,
	"estimated_revenue" double precision,
	"followers_total" bigint,
	"accounts_engaged" integer,
	"profile_links_taps" integer,
	CONSTRAINT "account_daily_metrics_account_id_day_pk" PRIMARY KEY("account_id","day")
);
--> statement-breakpoint
CREATE TABLE "analytics_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"connection_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"external_id" text NOT NULL,
	"name" text NOT NULL,
	"handle" text,
	"thumbnail_url" text,
	"followers_total" bigint,
	"views_total" bigint,
	"content_count" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audience_breakdowns" (
	"account_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"dimension" text NOT NULL,
	"value" text NOT NULL,
	"period_label" text NOT NULL,
	"period_start" date,
	"period_end" date NOT NULL,
	"percentage" double precision,
	"views" bigint,
	"watch_minutes" bigint,
	"followers" integer,
	CONSTRAINT "audience_breakdowns_account_id_dimension_period_label_value_pk" PRIMARY KEY("account_id","dimension","period_label","value")
);
--> statement-breakpoint
CREATE TABLE "content_daily_metrics" (
	"content_item_id" uuid NOT NULL,
	"day" date NOT NULL,
	"organization_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"views" bigint,
	"watch_minutes" bigint,
	"average_view_duration_seconds" integer,
	"likes" integer,
	"comments" integer,
	"shares" integer,
	"saves" integer,
	"followers_gained" integer,
	"followers_lost" integer,
	"reach" integer,
	"total_interactions" integer,
	"estimated_revenue" double precision,
	CONSTRAINT "content_daily_metrics_content_item_id_day_pk" PRIMARY KEY("content_item_id","day")
);
--> statement-breakpoint
CREATE TABLE "content_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"duration_seconds" integer,
	"permalink" text,
	"thumbnail_url" text,
	"views" bigint,
	"watch_minutes" bigint,
	"average_view_duration_seconds" integer,
	"likes" integer,
	"comments" integer,
	"shares" integer,
	"saves" integer,
	"followers_gained" integer,
	"followers_lost" integer,
	"reach" integer,
	"total_interactions" integer,
	"estimated_revenue" double precision,
	"stats_updated_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "oauth_states" ADD CONSTRAINT "oauth_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_states" ADD CONSTRAINT "oauth_states_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_connections" ADD CONSTRAINT "platform_connections_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_connections" ADD CONSTRAINT "platform_connections_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_daily_metrics" ADD CONSTRAINT "account_daily_metrics_account_id_analytics_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."analytics_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_accounts" ADD CONSTRAINT "analytics_accounts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_accounts" ADD CONSTRAINT "analytics_accounts_connection_id_platform_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."platform_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audience_breakdowns" ADD CONSTRAINT "audience_breakdowns_account_id_analytics_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."analytics_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_daily_metrics" ADD CONSTRAINT "content_daily_metrics_content_item_id_content_items_id_fk" FOREIGN KEY ("content_item_id") REFERENCES "public"."content_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_items" ADD CONSTRAINT "content_items_account_id_analytics_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."analytics_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "oauth_states_state_hash_idx" ON "oauth_states" USING btree ("state_hash");--> statement-breakpoint
CREATE INDEX "oauth_states_expires_idx" ON "oauth_states" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "platform_connections_account_idx" ON "platform_connections" USING btree ("organization_id","provider","external_account_id");--> statement-breakpoint
CREATE INDEX "platform_connections_status_idx" ON "platform_connections" USING btree ("status");--> statement-breakpoint
CREATE INDEX "account_daily_metrics_organization_day_idx" ON "account_daily_metrics" USING btree ("organization_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_accounts_connection_external_idx" ON "analytics_accounts" USING btree ("connection_id","external_id");--> statement-breakpoint
CREATE INDEX "analytics_accounts_organization_idx" ON "analytics_accounts" USING btree ("organization_id","platform");--> statement-breakpoint
CREATE INDEX "content_daily_metrics_account_day_idx" ON "content_daily_metrics" USING btree ("account_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "content_items_account_external_idx" ON "content_items" USING btree ("account_id","external_id");--> statement-breakpoint
CREATE INDEX "content_items_account_published_idx" ON "content_items" USING btree ("account_id","published_at");--> statement-breakpoint
CREATE INDEX "content_items_organization_idx" ON "content_items" USING btree ("organization_id");