CREATE TABLE "daily_traffic_sources" (
	"account_id" uuid NOT NULL,
	"day" date NOT NULL,
	"organization_id" uuid NOT NULL,
	"source" text NOT NULL,
	"views" bigint NOT NULL,
	CONSTRAINT "daily_traffic_sources_account_id_day_source_pk" PRIMARY KEY("account_id","day","source")
);
--> statement-breakpoint
ALTER TABLE "daily_traffic_sources" ADD CONSTRAINT "daily_traffic_sources_account_id_analytics_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."analytics_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "daily_traffic_sources_organization_day_idx" ON "daily_traffic_sources" USING btree ("organization_id","day");