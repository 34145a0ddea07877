-- Storage of the analytics tables (issue 30, decision 0037): every key leads with the
-- organisation, foreign keys between them are composite with it, redundant indexes go, and
-- content_daily_metrics keeps one row per item and month (the days as arrays) instead of one per
-- day. Hand-ordered so that it runs on a database with data: the foreign keys go first, the keys
-- change, the daily rows are moved into month rows, the foreign keys come back composite.
-- Runs after 0028_tenant_keys and 0029_catalogue_tenant_keys, and finishes their work: the
-- references 0028 left on platform_connections(id) (analytics_accounts.connection_id) and 0029
-- left on content_items(id) (the catalogue's links) become composite with the organisation, so
-- platform_connections_id_unique goes and content_items needs no unique on id alone.
ALTER TABLE "account_daily_metrics" DROP CONSTRAINT "account_daily_metrics_account_id_analytics_accounts_id_fk";--> statement-breakpoint
ALTER TABLE "account_snapshots" DROP CONSTRAINT "account_snapshots_account_id_analytics_accounts_id_fk";--> statement-breakpoint
ALTER TABLE "audience_breakdowns" DROP CONSTRAINT "audience_breakdowns_account_id_analytics_accounts_id_fk";--> statement-breakpoint
ALTER TABLE "content_daily_metrics" DROP CONSTRAINT "content_daily_metrics_content_item_id_content_items_id_fk";--> statement-breakpoint
ALTER TABLE "content_items" DROP CONSTRAINT "content_items_account_id_analytics_accounts_id_fk";--> statement-breakpoint
ALTER TABLE "content_monthly_metrics" DROP CONSTRAINT "content_monthly_metrics_content_item_id_content_items_id_fk";--> statement-breakpoint
ALTER TABLE "content_snapshots" DROP CONSTRAINT "content_snapshots_content_item_id_content_items_id_fk";--> statement-breakpoint
ALTER TABLE "daily_traffic_sources" DROP CONSTRAINT "daily_traffic_sources_account_id_analytics_accounts_id_fk";--> statement-breakpoint
ALTER TABLE "account_range_totals" DROP CONSTRAINT "account_range_totals_account_id_analytics_accounts_id_fk";--> statement-breakpoint
ALTER TABLE "analytics_accounts" DROP CONSTRAINT "analytics_accounts_connection_id_platform_connections_id_fk";--> statement-breakpoint
ALTER TABLE "platform_connections" DROP CONSTRAINT "platform_connections_id_unique";--> statement-breakpoint
-- The catalogue's links named a content item by its id alone: they come back composite below.
ALTER TABLE "song_content_links" DROP CONSTRAINT "song_content_links_content_item_id_content_items_id_fk";--> statement-breakpoint
ALTER TABLE "song_link_dismissals" DROP CONSTRAINT "song_link_dismissals_content_item_id_content_items_id_fk";--> statement-breakpoint
-- Indexes whose work the organisation-leading primary keys now do.
DROP INDEX "account_daily_metrics_organization_day_idx";--> statement-breakpoint
DROP INDEX "analytics_accounts_organization_idx";--> statement-breakpoint
DROP INDEX "content_daily_metrics_account_day_idx";--> statement-breakpoint
DROP INDEX "content_items_organization_idx";--> statement-breakpoint
DROP INDEX "daily_traffic_sources_organization_day_idx";--> statement-breakpoint
DROP INDEX "analytics_accounts_connection_external_idx";--> statement-breakpoint
DROP INDEX "content_items_account_external_idx";--> statement-breakpoint
DROP INDEX "content_items_account_published_idx";--> statement-breakpoint
DROP INDEX "content_snapshots_account_day_idx";--> statement-breakpoint
ALTER TABLE "account_daily_metrics" DROP CONSTRAINT "account_daily_metrics_account_id_day_pk";--> statement-breakpoint
ALTER TABLE "account_snapshots" DROP CONSTRAINT "account_snapshots_account_id_day_pk";--> statement-breakpoint
ALTER TABLE "audience_breakdowns" DROP CONSTRAINT "audience_breakdowns_account_id_dimension_period_label_value_pk";--> statement-breakpoint
ALTER TABLE "content_snapshots" DROP CONSTRAINT "content_snapshots_content_item_id_day_pk";--> statement-breakpoint
ALTER TABLE "daily_traffic_sources" DROP CONSTRAINT "daily_traffic_sources_account_id_day_source_pk";--> statement-breakpoint
ALTER TABLE "account_range_totals" DROP CONSTRAINT "account_range_totals_account_id_metric_from_day_to_day_pk";--> statement-breakpoint
ALTER TABLE "analytics_accounts" DROP CONSTRAINT "analytics_accounts_pkey";--> statement-breakpoint
ALTER TABLE "content_items" DROP CONSTRAINT "content_items_pkey";--> statement-breakpoint
ALTER TABLE "daily_traffic_sources" ALTER COLUMN "views" SET DATA TYPE integer;--> statement-breakpoint
ALTER TABLE "account_daily_metrics" ADD CONSTRAINT "account_daily_metrics_organization_id_account_id_day_pk" PRIMARY KEY("organization_id","account_id","day");--> statement-breakpoint
ALTER TABLE "account_snapshots" ADD CONSTRAINT "account_snapshots_organization_id_account_id_day_pk" PRIMARY KEY("organization_id","account_id","day");--> statement-breakpoint
ALTER TABLE "analytics_accounts" ADD CONSTRAINT "analytics_accounts_organization_id_id_pk" PRIMARY KEY("organization_id","id");--> statement-breakpoint
ALTER TABLE "audience_breakdowns" ADD CONSTRAINT "audience_breakdowns_organization_id_account_id_dimension_period_label_value_pk" PRIMARY KEY("organization_id","account_id","dimension","period_label","value");--> statement-breakpoint
ALTER TABLE "content_items" ADD CONSTRAINT "content_items_organization_id_id_pk" PRIMARY KEY("organization_id","id");--> statement-breakpoint
ALTER TABLE "content_snapshots" ADD CONSTRAINT "content_snapshots_organization_id_content_item_id_day_pk" PRIMARY KEY("organization_id","content_item_id","day");--> statement-breakpoint
ALTER TABLE "daily_traffic_sources" ADD CONSTRAINT "daily_traffic_sources_organization_id_account_id_day_source_pk" PRIMARY KEY("organization_id","account_id","day","source");--> statement-breakpoint
ALTER TABLE "account_range_totals" ADD CONSTRAINT "account_range_totals_organization_id_account_id_metric_from_day_to_day_pk" PRIMARY KEY("organization_id","account_id","metric","from_day","to_day");--> statement-breakpoint
-- A month's days as an array of 31 (element d: day d of the month), from days and their values;
-- NULL when no day has the value (a metric the platform never reported that month).
CREATE FUNCTION "content_days_pack"(given_days integer[], given_values integer[]) RETURNS integer[]
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN count(given.value) = 0 THEN NULL ELSE array_agg(given.value ORDER BY slot.day) END
  FROM generate_series(1, 31) AS slot(day)
  LEFT JOIN unnest(given_days, given_values) AS given(day, value) ON given.day = slot.day
$$;
--> statement-breakpoint
-- A month's array with the days named by the bits of given_days taken from given (NULL there too
-- when given says so), the other days kept; NULL when no day has the value.
CREATE FUNCTION "content_days_merge"(kept integer[], given integer[], given_days integer) RETURNS integer[]
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN count(merged.value) = 0 THEN NULL ELSE array_agg(merged.value ORDER BY merged.day) END
  FROM (
    SELECT slot.day, CASE WHEN given_days & (1 << (slot.day - 1)) <> 0 THEN given[slot.day] ELSE kept[slot.day] END AS value
    FROM generate_series(1, 31) AS slot(day)
  ) AS merged
$$;
--> statement-breakpoint
-- One month row's totals as content_monthly_metrics keeps them: the days it has, and per metric
-- the sum and the number of days that reported it.
CREATE FUNCTION "content_month_totals"(
  days integer, views integer[], watch_minutes integer[], likes integer[], comments integer[],
  shares integer[], saves integer[], followers_gained integer[],
  OUT day_count bigint,
  OUT views_sum numeric, OUT views_days bigint,
  OUT watch_minutes_sum numeric, OUT watch_minutes_days bigint,
  OUT likes_sum numeric, OUT likes_days bigint,
  OUT comments_sum numeric, OUT comments_days bigint,
  OUT shares_sum numeric, OUT shares_days bigint,
  OUT saves_sum numeric, OUT saves_days bigint,
  OUT followers_gained_sum numeric, OUT followers_gained_days bigint)
LANGUAGE sql IMMUTABLE AS $$
  SELECT (SELECT count(*) FROM generate_series(0, 30) AS slot(bit) WHERE days & (1 << slot.bit) <> 0),
    (SELECT coalesce(sum(v), 0) FROM unnest(views) AS v), (SELECT count(v) FROM unnest(views) AS v),
    (SELECT coalesce(sum(v), 0) FROM unnest(watch_minutes) AS v), (SELECT count(v) FROM unnest(watch_minutes) AS v),
    (SELECT coalesce(sum(v), 0) FROM unnest(likes) AS v), (SELECT count(v) FROM unnest(likes) AS v),
    (SELECT coalesce(sum(v), 0) FROM unnest(comments) AS v), (SELECT count(v) FROM unnest(comments) AS v),
    (SELECT coalesce(sum(v), 0) FROM unnest(shares) AS v), (SELECT count(v) FROM unnest(shares) AS v),
    (SELECT coalesce(sum(v), 0) FROM unnest(saves) AS v), (SELECT count(v) FROM unnest(saves) AS v),
    (SELECT coalesce(sum(v), 0) FROM unnest(followers_gained) AS v), (SELECT count(v) FROM unnest(followers_gained) AS v)
$$;
--> statement-breakpoint
-- The daily rows move into month rows. The old table goes with its triggers; the monthly totals
-- already hold these days, so the new table's triggers are created after the move.
ALTER TABLE "content_daily_metrics" RENAME TO "content_daily_metrics_by_day";--> statement-breakpoint
CREATE TABLE "content_daily_metrics" (
	"organization_id" uuid NOT NULL,
	"content_item_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"month" date NOT NULL,
	"days" integer NOT NULL,
	"views" integer[],
	"watch_minutes" integer[],
	"likes" integer[],
	"comments" integer[],
	"shares" integer[],
	"saves" integer[],
	"followers_gained" integer[],
	CONSTRAINT "content_daily_metrics_organization_id_content_item_id_month_pk" PRIMARY KEY("organization_id","content_item_id","month")
);
--> statement-breakpoint
INSERT INTO "content_daily_metrics" ("organization_id", "content_item_id", "account_id", "month", "days", "views", "watch_minutes", "likes", "comments", "shares", "saves", "followers_gained")
SELECT organization_id, content_item_id, account_id, month,
  bit_or(1 << (extract(day from day)::int - 1))::int,
  content_days_pack(array_agg(extract(day from day)::int), array_agg(views::int)),
  content_days_pack(array_agg(extract(day from day)::int), array_agg(watch_minutes::int)),
  content_days_pack(array_agg(extract(day from day)::int), array_agg(likes)),
  content_days_pack(array_agg(extract(day from day)::int), array_agg(comments)),
  content_days_pack(array_agg(extract(day from day)::int), array_agg(shares)),
  content_days_pack(array_agg(extract(day from day)::int), array_agg(saves)),
  content_days_pack(array_agg(extract(day from day)::int), array_agg(followers_gained))
FROM (SELECT *, date_trunc('month', day::timestamp)::date AS month FROM "content_daily_metrics_by_day") AS daily
GROUP BY organization_id, content_item_id, account_id, month;
--> statement-breakpoint
DROP TABLE "content_daily_metrics_by_day";--> statement-breakpoint
CREATE OR REPLACE FUNCTION "content_monthly_metrics_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
begin
  perform content_monthly_metrics_prepare();
  insert into pg_temp.content_monthly_pending (content_item_id, month, organization_id, account_id, days, views, views_days, watch_minutes, watch_minutes_days, likes, likes_days, comments, comments_days, shares, shares_days, saves, saves_days, followers_gained, followers_gained_days)
    select r.content_item_id, r.month, r.organization_id, r.account_id, t.*
    from new_rows r, content_month_totals(r.days, r.views, r.watch_minutes, r.likes, r.comments, r.shares, r.saves, r.followers_gained) t;
  insert into pg_temp.content_monthly_flush values (true) on conflict do nothing;
  return null;
end
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "content_monthly_metrics_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
begin
  perform content_monthly_metrics_prepare();
  insert into pg_temp.content_monthly_pending (content_item_id, month, organization_id, account_id, days, views, views_days, watch_minutes, watch_minutes_days, likes, likes_days, comments, comments_days, shares, shares_days, saves, saves_days, followers_gained, followers_gained_days)
    select r.content_item_id, r.month, r.organization_id, r.account_id, t.*
    from new_rows r, content_month_totals(r.days, r.views, r.watch_minutes, r.likes, r.comments, r.shares, r.saves, r.followers_gained) t
    union all
    select r.content_item_id, r.month, r.organization_id, r.account_id, -t.day_count,
      -t.views_sum, -t.views_days, -t.watch_minutes_sum, -t.watch_minutes_days, -t.likes_sum, -t.likes_days,
      -t.comments_sum, -t.comments_days, -t.shares_sum, -t.shares_days, -t.saves_sum, -t.saves_days,
      -t.followers_gained_sum, -t.followers_gained_days
    from old_rows r, content_month_totals(r.days, r.views, r.watch_minutes, r.likes, r.comments, r.shares, r.saves, r.followers_gained) t;
  insert into pg_temp.content_monthly_flush values (true) on conflict do nothing;
  return null;
end
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "content_monthly_metrics_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
begin
  perform content_monthly_metrics_prepare();
  insert into pg_temp.content_monthly_pending (content_item_id, month, organization_id, account_id, days, views, views_days, watch_minutes, watch_minutes_days, likes, likes_days, comments, comments_days, shares, shares_days, saves, saves_days, followers_gained, followers_gained_days)
    select r.content_item_id, r.month, r.organization_id, r.account_id, -t.day_count,
      -t.views_sum, -t.views_days, -t.watch_minutes_sum, -t.watch_minutes_days, -t.likes_sum, -t.likes_days,
      -t.comments_sum, -t.comments_days, -t.shares_sum, -t.shares_days, -t.saves_sum, -t.saves_days,
      -t.followers_gained_sum, -t.followers_gained_days
    from old_rows r, content_month_totals(r.days, r.views, r.watch_minutes, r.likes, r.comments, r.shares, r.saves, r.followers_gained) t;
  insert into pg_temp.content_monthly_flush values (true) on conflict do nothing;
  return null;
end
$$;
--> statement-breakpoint
CREATE TRIGGER "content_daily_metrics_monthly_insert" AFTER INSERT ON "content_daily_metrics" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "content_monthly_metrics_on_insert"();--> statement-breakpoint
CREATE TRIGGER "content_daily_metrics_monthly_update" AFTER UPDATE ON "content_daily_metrics" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "content_monthly_metrics_on_update"();--> statement-breakpoint
CREATE TRIGGER "content_daily_metrics_monthly_delete" AFTER DELETE ON "content_daily_metrics" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "content_monthly_metrics_on_delete"();--> statement-breakpoint
CREATE TRIGGER "content_daily_metrics_monthly_truncate" AFTER TRUNCATE ON "content_daily_metrics" FOR EACH STATEMENT EXECUTE FUNCTION "content_monthly_metrics_on_truncate"();--> statement-breakpoint
CREATE TRIGGER "content_daily_metrics_analytics_version_insert" AFTER INSERT ON "content_daily_metrics" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_analytics_version_new"();--> statement-breakpoint
CREATE TRIGGER "content_daily_metrics_analytics_version_update" AFTER UPDATE ON "content_daily_metrics" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_analytics_version_new"();--> statement-breakpoint
CREATE TRIGGER "content_daily_metrics_analytics_version_delete" AFTER DELETE ON "content_daily_metrics" REFERENCING OLD TABLE AS "removed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_analytics_version_old"();--> statement-breakpoint
ALTER TABLE "account_daily_metrics" ADD CONSTRAINT "account_daily_metrics_account_fk" FOREIGN KEY ("organization_id","account_id") REFERENCES "public"."analytics_accounts"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_snapshots" ADD CONSTRAINT "account_snapshots_account_fk" FOREIGN KEY ("organization_id","account_id") REFERENCES "public"."analytics_accounts"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audience_breakdowns" ADD CONSTRAINT "audience_breakdowns_account_fk" FOREIGN KEY ("organization_id","account_id") REFERENCES "public"."analytics_accounts"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_daily_metrics" ADD CONSTRAINT "content_daily_metrics_item_fk" FOREIGN KEY ("organization_id","content_item_id") REFERENCES "public"."content_items"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_items" ADD CONSTRAINT "content_items_account_fk" FOREIGN KEY ("organization_id","account_id") REFERENCES "public"."analytics_accounts"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_monthly_metrics" ADD CONSTRAINT "content_monthly_metrics_item_fk" FOREIGN KEY ("organization_id","content_item_id") REFERENCES "public"."content_items"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_snapshots" ADD CONSTRAINT "content_snapshots_item_fk" FOREIGN KEY ("organization_id","content_item_id") REFERENCES "public"."content_items"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_traffic_sources" ADD CONSTRAINT "daily_traffic_sources_account_fk" FOREIGN KEY ("organization_id","account_id") REFERENCES "public"."analytics_accounts"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_range_totals" ADD CONSTRAINT "account_range_totals_account_fk" FOREIGN KEY ("organization_id","account_id") REFERENCES "public"."analytics_accounts"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_accounts" ADD CONSTRAINT "analytics_accounts_connection_fk" FOREIGN KEY ("organization_id","connection_id") REFERENCES "public"."platform_connections"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "song_content_links" ADD CONSTRAINT "song_content_links_item_fk" FOREIGN KEY ("organization_id","content_item_id") REFERENCES "public"."content_items"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "song_link_dismissals" ADD CONSTRAINT "song_link_dismissals_item_fk" FOREIGN KEY ("organization_id","content_item_id") REFERENCES "public"."content_items"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_accounts_connection_external_idx" ON "analytics_accounts" USING btree ("organization_id","connection_id","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "content_items_account_external_idx" ON "content_items" USING btree ("organization_id","account_id","external_id");--> statement-breakpoint
CREATE INDEX "content_items_account_published_idx" ON "content_items" USING btree ("organization_id","account_id","published_at");--> statement-breakpoint
CREATE INDEX "content_snapshots_account_day_idx" ON "content_snapshots" USING btree ("organization_id","account_id","day");
