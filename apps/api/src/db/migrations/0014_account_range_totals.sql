CREATE TABLE "account_range_totals" (
	"account_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"metric" text NOT NULL,
	"from_day" date NOT NULL,
	"to_day" date NOT NULL,
	"value" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_range_totals_account_id_metric_from_day_to_day_pk" PRIMARY KEY("account_id","metric","from_day","to_day")
);
--> statement-breakpoint
ALTER TABLE "account_range_totals" ADD CONSTRAINT "account_range_totals_account_id_analytics_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."analytics_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_range_totals" ADD CONSTRAINT "account_range_totals_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- The dashboard's cached answers follow this table too (decision 0016, migration 0010).
CREATE TRIGGER "account_range_totals_analytics_version_insert" AFTER INSERT ON "account_range_totals" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_analytics_version_new"();
--> statement-breakpoint
CREATE TRIGGER "account_range_totals_analytics_version_update" AFTER UPDATE ON "account_range_totals" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_analytics_version_new"();
--> statement-breakpoint
CREATE TRIGGER "account_range_totals_analytics_version_delete" AFTER DELETE ON "account_range_totals" REFERENCING OLD TABLE AS "removed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_analytics_version_old"();
