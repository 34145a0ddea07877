CREATE TABLE "content_monthly_metrics" (
	"content_item_id" uuid NOT NULL,
	"month" date NOT NULL,
	"organization_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"days" integer NOT NULL,
	"views" bigint NOT NULL,
	"views_days" integer NOT NULL,
	"watch_minutes" bigint NOT NULL,
	"watch_minutes_days" integer NOT NULL,
	"likes" bigint NOT NULL,
	"likes_days" integer NOT NULL,
	"comments" bigint NOT NULL,
	"comments_days" integer NOT NULL,
	"shares" bigint NOT NULL,
	"shares_days" integer NOT NULL,
	"saves" bigint NOT NULL,
	"saves_days" integer NOT NULL,
	"followers_gained" bigint NOT NULL,
	"followers_gained_days" integer NOT NULL,
	CONSTRAINT "content_monthly_metrics_content_item_id_month_account_id_organization_id_pk" PRIMARY KEY("content_item_id","month","account_id","organization_id")
);
--> statement-breakpoint
ALTER TABLE "content_monthly_metrics" ADD CONSTRAINT "content_monthly_metrics_content_item_id_content_items_id_fk" FOREIGN KEY ("content_item_id") REFERENCES "public"."content_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_monthly_metrics_account_month_idx" ON "content_monthly_metrics" USING btree ("account_id","month");--> statement-breakpoint
-- Triggers on content_daily_metrics note each statement's change per item and month in a
-- temporary table and fold it into content_monthly_metrics once, as the transaction commits: a
-- sync writes a month's days in many statements, and updating the month's row in each of them
-- would leave dozens of dead row versions behind per month and item. (Writers of daily rows
-- need the TEMP privilege, which every role has by default.)
CREATE FUNCTION "content_monthly_metrics_flush"() RETURNS trigger LANGUAGE plpgsql AS $$
begin
  -- More days: the month may be new.
  insert into content_monthly_metrics as m (content_item_id, month, account_id, organization_id, days, views, views_days, watch_minutes, watch_minutes_days, likes, likes_days, comments, comments_days, shares, shares_days, saves, saves_days, followers_gained, followers_gained_days)
    select content_item_id, month, account_id, organization_id, sum(days), sum(views), sum(views_days), sum(watch_minutes), sum(watch_minutes_days), sum(likes), sum(likes_days), sum(comments), sum(comments_days), sum(shares), sum(shares_days), sum(saves), sum(saves_days), sum(followers_gained), sum(followers_gained_days)
    from pg_temp.content_monthly_pending
    group by content_item_id, month, account_id, organization_id
    having sum(days) > 0
  on conflict (content_item_id, month, account_id, organization_id) do update set
    days = m.days + excluded.days,
    views = m.views + excluded.views, views_days = m.views_days + excluded.views_days,
    watch_minutes = m.watch_minutes + excluded.watch_minutes, watch_minutes_days = m.watch_minutes_days + excluded.watch_minutes_days,
    likes = m.likes + excluded.likes, likes_days = m.likes_days + excluded.likes_days,
    comments = m.comments + excluded.comments, comments_days = m.comments_days + excluded.comments_days,
    shares = m.shares + excluded.shares, shares_days = m.shares_days + excluded.shares_days,
    saves = m.saves + excluded.saves, saves_days = m.saves_days + excluded.saves_days,
    followers_gained = m.followers_gained + excluded.followers_gained, followers_gained_days = m.followers_gained_days + excluded.followers_gained_days;
  -- The same days changed, or fewer: the month exists, unless it went with its content item.
  update content_monthly_metrics as m set
    days = m.days + change.days,
    views = m.views + change.views, views_days = m.views_days + change.views_days,
    watch_minutes = m.watch_minutes + change.watch_minutes, watch_minutes_days = m.watch_minutes_days + change.watch_minutes_days,
    likes = m.likes + change.likes, likes_days = m.likes_days + change.likes_days,
    comments = m.comments + change.comments, comments_days = m.comments_days + change.comments_days,
    shares = m.shares + change.shares, shares_days = m.shares_days + change.shares_days,
    saves = m.saves + change.saves, saves_days = m.saves_days + change.saves_days,
    followers_gained = m.followers_gained + change.followers_gained, followers_gained_days = m.followers_gained_days + change.followers_gained_days
  from (
    select content_item_id, month, account_id, organization_id, sum(days), sum(views), sum(views_days), sum(watch_minutes), sum(watch_minutes_days), sum(likes), sum(likes_days), sum(comments), sum(comments_days), sum(shares), sum(shares_days), sum(saves), sum(saves_days), sum(followers_gained), sum(followers_gained_days)
    from pg_temp.content_monthly_pending
    group by content_item_id, month, account_id, organization_id
    having sum(days) <= 0
  ) as change (content_item_id, month, account_id, organization_id, days, views, views_days, watch_minutes, watch_minutes_days, likes, likes_days, comments, comments_days, shares, shares_days, saves, saves_days, followers_gained, followers_gained_days)
  where m.content_item_id = change.content_item_id and m.month = change.month and m.account_id = change.account_id and m.organization_id = change.organization_id;
  delete from content_monthly_metrics as m
  using (
    select content_item_id, month, account_id, organization_id from pg_temp.content_monthly_pending group by content_item_id, month, account_id, organization_id having sum(days) < 0
  ) as emptied
  where m.content_item_id = emptied.content_item_id and m.month = emptied.month and m.account_id = emptied.account_id and m.organization_id = emptied.organization_id and m.days = 0;
  delete from pg_temp.content_monthly_pending;
  delete from pg_temp.content_monthly_flush;
  return null;
end
$$;
--> statement-breakpoint
CREATE FUNCTION "content_monthly_metrics_prepare"() RETURNS void LANGUAGE plpgsql AS $$
begin
  if to_regclass('pg_temp.content_monthly_pending') is null then
    create temporary table content_monthly_pending (
      content_item_id uuid not null,
      month date not null,
      organization_id uuid not null,
      account_id uuid not null,
      days bigint not null,
      views numeric not null, views_days bigint not null,
      watch_minutes numeric not null, watch_minutes_days bigint not null,
      likes numeric not null, likes_days bigint not null,
      comments numeric not null, comments_days bigint not null,
      shares numeric not null, shares_days bigint not null,
      saves numeric not null, saves_days bigint not null,
      followers_gained numeric not null, followers_gained_days bigint not null
    ) on commit delete rows;
    -- One row per transaction with changes; its deferred trigger runs the fold at commit.
    create temporary table content_monthly_flush (pending boolean primary key) on commit delete rows;
    create constraint trigger content_monthly_flush after insert on pg_temp.content_monthly_flush
      deferrable initially deferred for each row execute function content_monthly_metrics_flush();
  end if;
end
$$;
--> statement-breakpoint
CREATE FUNCTION "content_monthly_metrics_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
begin
  perform content_monthly_metrics_prepare();
  insert into pg_temp.content_monthly_pending (content_item_id, month, organization_id, account_id, days, views, views_days, watch_minutes, watch_minutes_days, likes, likes_days, comments, comments_days, shares, shares_days, saves, saves_days, followers_gained, followers_gained_days)
    select content_item_id, date_trunc('month', day::timestamp)::date, organization_id, account_id, count(*)
      , coalesce(sum(views), 0), count(views)
      , coalesce(sum(watch_minutes), 0), count(watch_minutes)
      , coalesce(sum(likes), 0), count(likes)
      , coalesce(sum(comments), 0), count(comments)
      , coalesce(sum(shares), 0), count(shares)
      , coalesce(sum(saves), 0), count(saves)
      , coalesce(sum(followers_gained), 0), count(followers_gained)
    from new_rows
    group by 1, 2, 3, 4;
  insert into pg_temp.content_monthly_flush values (true) on conflict do nothing;
  return null;
end
$$;
--> statement-breakpoint
CREATE FUNCTION "content_monthly_metrics_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
begin
  perform content_monthly_metrics_prepare();
  insert into pg_temp.content_monthly_pending (content_item_id, month, organization_id, account_id, days, views, views_days, watch_minutes, watch_minutes_days, likes, likes_days, comments, comments_days, shares, shares_days, saves, saves_days, followers_gained, followers_gained_days)
    select content_item_id, date_trunc('month', day::timestamp)::date, organization_id, account_id, count(*)
      , coalesce(sum(views), 0), count(views)
      , coalesce(sum(watch_minutes), 0), count(watch_minutes)
      , coalesce(sum(likes), 0), count(likes)
      , coalesce(sum(comments), 0), count(comments)
      , coalesce(sum(shares), 0), count(shares)
      , coalesce(sum(saves), 0), count(saves)
      , coalesce(sum(followers_gained), 0), count(followers_gained)
    from new_rows
    group by 1, 2, 3, 4
    union all
    select content_item_id, date_trunc('month', day::timestamp)::date, organization_id, account_id, -count(*)
      , -coalesce(sum(views), 0), -count(views)
      , -coalesce(sum(watch_minutes), 0), -count(watch_minutes)
      , -coalesce(sum(likes), 0), -count(likes)
      , -coalesce(sum(comments), 0), -count(comments)
      , -coalesce(sum(shares), 0), -count(shares)
      , -coalesce(sum(saves), 0), -count(saves)
      , -coalesce(sum(followers_gained), 0), -count(followers_gained)
    from old_rows
    group by 1, 2, 3, 4;
  insert into pg_temp.content_monthly_flush values (true) on conflict do nothing;
  return null;
end
$$;
--> statement-breakpoint
CREATE FUNCTION "content_monthly_metrics_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
begin
  perform content_monthly_metrics_prepare();
  insert into pg_temp.content_monthly_pending (content_item_id, month, organization_id, account_id, days, views, views_days, watch_minutes, watch_minutes_days, likes, likes_days, comments, comments_days, shares, shares_days, saves, saves_days, followers_gained, followers_gained_days)
    select content_item_id, date_trunc('month', day::timestamp)::date, organization_id, account_id, -count(*)
      , -coalesce(sum(views), 0), -count(views)
      , -coalesce(sum(watch_minutes), 0), -count(watch_minutes)
      , -coalesce(sum(likes), 0), -count(likes)
      , -coalesce(sum(comments), 0), -count(comments)
      , -coalesce(sum(shares), 0), -count(shares)
      , -coalesce(sum(saves), 0), -count(saves)
      , -coalesce(sum(followers_gained), 0), -count(followers_gained)
    from old_rows
    group by 1, 2, 3, 4;
  insert into pg_temp.content_monthly_flush values (true) on conflict do nothing;
  return null;
end
$$;
--> statement-breakpoint
CREATE FUNCTION "content_monthly_metrics_on_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
begin
  if to_regclass('pg_temp.content_monthly_pending') is not null then
    delete from pg_temp.content_monthly_pending;
  end if;
  delete from content_monthly_metrics;
  return null;
end
$$;
--> statement-breakpoint
CREATE TRIGGER "content_daily_metrics_monthly_insert" AFTER INSERT ON "content_daily_metrics" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "content_monthly_metrics_on_insert"();
--> statement-breakpoint
CREATE TRIGGER "content_daily_metrics_monthly_update" AFTER UPDATE ON "content_daily_metrics" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "content_monthly_metrics_on_update"();
--> statement-breakpoint
CREATE TRIGGER "content_daily_metrics_monthly_delete" AFTER DELETE ON "content_daily_metrics" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "content_monthly_metrics_on_delete"();
--> statement-breakpoint
CREATE TRIGGER "content_daily_metrics_monthly_truncate" AFTER TRUNCATE ON "content_daily_metrics" FOR EACH STATEMENT EXECUTE FUNCTION "content_monthly_metrics_on_truncate"();
--> statement-breakpoint
-- The triggers hold writers off until this commits, so the rows already there are summed once.
INSERT INTO "content_monthly_metrics" (content_item_id, month, organization_id, account_id, days, views, views_days, watch_minutes, watch_minutes_days, likes, likes_days, comments, comments_days, shares, shares_days, saves, saves_days, followers_gained, followers_gained_days)
select content_item_id, date_trunc('month', day::timestamp)::date, organization_id, account_id, count(*)
  , coalesce(sum(views), 0), count(views)
  , coalesce(sum(watch_minutes), 0), count(watch_minutes)
  , coalesce(sum(likes), 0), count(likes)
  , coalesce(sum(comments), 0), count(comments)
  , coalesce(sum(shares), 0), count(shares)
  , coalesce(sum(saves), 0), count(saves)
  , coalesce(sum(followers_gained), 0), count(followers_gained)
from "content_daily_metrics"
group by 1, 2, 3, 4;