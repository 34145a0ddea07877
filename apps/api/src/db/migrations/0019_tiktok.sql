CREATE TABLE "account_snapshots" (
	"account_id" uuid NOT NULL,
	"day" date NOT NULL,
	"organization_id" uuid NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"followers_total" bigint,
	"likes_total" bigint,
	"content_count" integer,
	CONSTRAINT "account_snapshots_account_id_day_pk" PRIMARY KEY("account_id","day")
);
--> statement-breakpoint
CREATE TABLE "content_snapshots" (
	"content_item_id" uuid NOT NULL,
	"day" date NOT NULL,
	"organization_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"views" bigint,
	"likes" integer,
	"comments" integer,
	"shares" integer,
	CONSTRAINT "content_snapshots_content_item_id_day_pk" PRIMARY KEY("content_item_id","day")
);
--> statement-breakpoint
ALTER TABLE "share_links" DROP CONSTRAINT "share_links_platforms_check";--> statement-breakpoint
ALTER TABLE "account_snapshots" ADD CONSTRAINT "account_snapshots_account_id_analytics_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."analytics_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_snapshots" ADD CONSTRAINT "content_snapshots_content_item_id_content_items_id_fk" FOREIGN KEY ("content_item_id") REFERENCES "public"."content_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_snapshots_account_day_idx" ON "content_snapshots" USING btree ("account_id","day");--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_platforms_check" CHECK (cardinality("share_links"."platforms") > 0 and "share_links"."platforms" <@ array['youtube', 'instagram', 'facebook', 'tiktok']);