ALTER TABLE "organizations" ADD COLUMN "analytics_version" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- Every statement that writes an organisation's analytics moves its version (once per statement, not per
-- row), so cached dashboard responses of every API process know when they are stale.
CREATE FUNCTION "bump_analytics_version_new"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "organizations" SET "analytics_version" = "analytics_version" + 1
  WHERE "id" IN (SELECT DISTINCT "organization_id" FROM "changed_rows");
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "bump_analytics_version_old"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "organizations" SET "analytics_version" = "analytics_version" + 1
  WHERE "id" IN (SELECT DISTINCT "organization_id" FROM "removed_rows");
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "analytics_accounts_analytics_version_insert" AFTER INSERT ON "analytics_accounts" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_analytics_version_new"();
--> statement-breakpoint
CREATE TRIGGER "analytics_accounts_analytics_version_update" AFTER UPDATE ON "analytics_accounts" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_analytics_version_new"();
--> statement-breakpoint
CREATE TRIGGER "analytics_accounts_analytics_version_delete" AFTER DELETE ON "analytics_accounts" REFERENCING OLD TABLE AS "removed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_analytics_version_old"();
--> statement-breakpoint
CREATE TRIGGER "content_items_analytics_version_insert" AFTER INSERT ON "content_items" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_analytics_version_new"();
--> statement-breakpoint
CREATE TRIGGER "content_items_analytics_version_update" AFTER UPDATE ON "content_items" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_analytics_version_new"();
--> statement-breakpoint
CREATE TRIGGER "content_items_analytics_version_delete" AFTER DELETE ON "content_items" REFERENCING OLD TABLE AS "removed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_analytics_version_old"();
--> statement-breakpoint
CREATE TRIGGER "content_daily_metrics_analytics_version_insert" AFTER INSERT ON "content_daily_metrics" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_analytics_version_new"();
--> statement-breakpoint
CREATE TRIGGER "content_daily_metrics_analytics_version_update" AFTER UPDATE ON "content_daily_metrics" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_analytics_version_new"();
--> statement-breakpoint
CREATE TRIGGER "content_daily_metrics_analytics_version_delete" AFTER DELETE ON "content_daily_metrics" REFERENCING OLD TABLE AS "removed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_analytics_version_old"();
--> statement-breakpoint
CREATE TRIGGER "content_monthly_metrics_analytics_version_insert" AFTER INSERT ON "content_monthly_metrics" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_analytics_version_new"();
--> statement-breakpoint
CREATE TRIGGER "content_monthly_metrics_analytics_version_update" AFTER UPDATE ON "content_monthly_metrics" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_analytics_version_new"();
--> statement-breakpoint
CREATE TRIGGER "content_monthly_metrics_analytics_version_delete" AFTER DELETE ON "content_monthly_metrics" REFERENCING OLD TABLE AS "removed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_analytics_version_old"();
--> statement-breakpoint
CREATE TRIGGER "account_daily_metrics_analytics_version_insert" AFTER INSERT ON "account_daily_metrics" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_analytics_version_new"();
--> statement-breakpoint
CREATE TRIGGER "account_daily_metrics_analytics_version_update" AFTER UPDATE ON "account_daily_metrics" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_analytics_version_new"();
--> statement-breakpoint
CREATE TRIGGER "account_daily_metrics_analytics_version_delete" AFTER DELETE ON "account_daily_metrics" REFERENCING OLD TABLE AS "removed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_analytics_version_old"();
--> statement-breakpoint
CREATE TRIGGER "audience_breakdowns_analytics_version_insert" AFTER INSERT ON "audience_breakdowns" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_analytics_version_new"();
--> statement-breakpoint
CREATE TRIGGER "audience_breakdowns_analytics_version_update" AFTER UPDATE ON "audience_breakdowns" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_analytics_version_new"();
--> statement-breakpoint
CREATE TRIGGER "audience_breakdowns_analytics_version_delete" AFTER DELETE ON "audience_breakdowns" REFERENCING OLD TABLE AS "removed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_analytics_version_old"();
--> statement-breakpoint
CREATE TRIGGER "daily_traffic_sources_analytics_version_insert" AFTER INSERT ON "daily_traffic_sources" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_analytics_version_new"();
--> statement-breakpoint
CREATE TRIGGER "daily_traffic_sources_analytics_version_update" AFTER UPDATE ON "daily_traffic_sources" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_analytics_version_new"();
--> statement-breakpoint
CREATE TRIGGER "daily_traffic_sources_analytics_version_delete" AFTER DELETE ON "daily_traffic_sources" REFERENCING OLD TABLE AS "removed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_analytics_version_old"();
--> statement-breakpoint
CREATE TRIGGER "campaigns_analytics_version_insert" AFTER INSERT ON "campaigns" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_analytics_version_new"();
--> statement-breakpoint
CREATE TRIGGER "campaigns_analytics_version_update" AFTER UPDATE ON "campaigns" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_analytics_version_new"();
--> statement-breakpoint
CREATE TRIGGER "campaigns_analytics_version_delete" AFTER DELETE ON "campaigns" REFERENCING OLD TABLE AS "removed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_analytics_version_old"();
--> statement-breakpoint
CREATE TRIGGER "insights_analytics_version_insert" AFTER INSERT ON "insights" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_analytics_version_new"();
--> statement-breakpoint
CREATE TRIGGER "insights_analytics_version_update" AFTER UPDATE ON "insights" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_analytics_version_new"();
--> statement-breakpoint
CREATE TRIGGER "insights_analytics_version_delete" AFTER DELETE ON "insights" REFERENCING OLD TABLE AS "removed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_analytics_version_old"();
--> statement-breakpoint
CREATE TRIGGER "platform_connections_analytics_version_insert" AFTER INSERT ON "platform_connections" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_analytics_version_new"();
--> statement-breakpoint
CREATE TRIGGER "platform_connections_analytics_version_update" AFTER UPDATE ON "platform_connections" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_analytics_version_new"();
--> statement-breakpoint
CREATE TRIGGER "platform_connections_analytics_version_delete" AFTER DELETE ON "platform_connections" REFERENCING OLD TABLE AS "removed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_analytics_version_old"();
