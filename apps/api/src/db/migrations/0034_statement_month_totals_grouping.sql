-- The monthly sums' trigger (migration 0023), same sums in less work per statement (decision
-- 0039): an item's song and release are grouped on (the key is made of them, so the groups are
-- the same) instead of collected into arrays for their first element, and an insert no longer
-- looks for sums left at zero lines (adding lines never leaves one).
CREATE OR REPLACE FUNCTION "apply_statement_month_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR TG_OP = 'UPDATE' THEN
  INSERT INTO "statement_month_totals" AS "t" ("organization_id", "dimension", "key", "sale_month", "currency", "song_id", "release_id", "label", "earnings", "quantity", "lines")
  SELECT "organization_id", "dimension", "key", "sale_month", "currency", "song_id", "release_id", min("label"), -sum("earnings"), -sum("quantity"), -count(*)
  FROM (
    SELECT "organization_id", 'store' AS "dimension", "store" AS "key", "sale_month", "currency", NULL::uuid AS "song_id", NULL::uuid AS "release_id", "store_name" AS "label", "earnings", "quantity" FROM "old_lines"
    UNION ALL SELECT "organization_id", 'country', coalesce("country", ''), "sale_month", "currency", NULL, NULL, NULL, "earnings", "quantity" FROM "old_lines"
    UNION ALL SELECT "organization_id", 'source', "source", "sale_month", "currency", NULL, NULL, NULL, "earnings", "quantity" FROM "old_lines"
    UNION ALL SELECT "organization_id", 'item', coalesce("song_id"::text, '') || '|' || coalesce("release_id"::text, ''), "sale_month", "currency", "song_id", "release_id", NULL, "earnings", "quantity" FROM "old_lines"
  ) AS "changed"
  GROUP BY "organization_id", "dimension", "sale_month", "key", "currency", "song_id", "release_id"
  ORDER BY "organization_id", "dimension", "sale_month", "key", "currency"
  ON CONFLICT ("organization_id", "dimension", "sale_month", "key", "currency") DO UPDATE SET
    "earnings" = "t"."earnings" + excluded."earnings",
    "quantity" = "t"."quantity" + excluded."quantity",
    "lines" = "t"."lines" + excluded."lines",
    "label" = least("t"."label", excluded."label");
  END IF;
  IF TG_OP = 'INSERT' OR TG_OP = 'UPDATE' THEN
  INSERT INTO "statement_month_totals" AS "t" ("organization_id", "dimension", "key", "sale_month", "currency", "song_id", "release_id", "label", "earnings", "quantity", "lines")
  SELECT "organization_id", "dimension", "key", "sale_month", "currency", "song_id", "release_id", min("label"), sum("earnings"), sum("quantity"), count(*)
  FROM (
    SELECT "organization_id", 'store' AS "dimension", "store" AS "key", "sale_month", "currency", NULL::uuid AS "song_id", NULL::uuid AS "release_id", "store_name" AS "label", "earnings", "quantity" FROM "new_lines"
    UNION ALL SELECT "organization_id", 'country', coalesce("country", ''), "sale_month", "currency", NULL, NULL, NULL, "earnings", "quantity" FROM "new_lines"
    UNION ALL SELECT "organization_id", 'source', "source", "sale_month", "currency", NULL, NULL, NULL, "earnings", "quantity" FROM "new_lines"
    UNION ALL SELECT "organization_id", 'item', coalesce("song_id"::text, '') || '|' || coalesce("release_id"::text, ''), "sale_month", "currency", "song_id", "release_id", NULL, "earnings", "quantity" FROM "new_lines"
  ) AS "changed"
  GROUP BY "organization_id", "dimension", "sale_month", "key", "currency", "song_id", "release_id"
  ORDER BY "organization_id", "dimension", "sale_month", "key", "currency"
  ON CONFLICT ("organization_id", "dimension", "sale_month", "key", "currency") DO UPDATE SET
    "earnings" = "t"."earnings" + excluded."earnings",
    "quantity" = "t"."quantity" + excluded."quantity",
    "lines" = "t"."lines" + excluded."lines",
    "label" = least("t"."label", excluded."label");
  END IF;
  -- Only a deletion or an update can bring a month's sum to zero lines.
  IF TG_OP = 'DELETE' OR TG_OP = 'UPDATE' THEN
  DELETE FROM "statement_month_totals"
  WHERE "lines" = 0 AND "organization_id" IN (SELECT DISTINCT "organization_id" FROM "old_lines");
  END IF;
  RETURN NULL;
END;
$$;
