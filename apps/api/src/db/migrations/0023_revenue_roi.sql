CREATE TABLE "statement_month_totals" (
	"organization_id" uuid NOT NULL,
	"dimension" text NOT NULL,
	"key" text NOT NULL,
	"sale_month" date NOT NULL,
	"currency" text NOT NULL,
	"song_id" uuid,
	"release_id" uuid,
	"label" text,
	"earnings" numeric(30, 10) NOT NULL,
	"quantity" numeric(24, 4) NOT NULL,
	"lines" integer NOT NULL,
	CONSTRAINT "statement_month_totals_organization_id_dimension_sale_month_key_currency_pk" PRIMARY KEY("organization_id","dimension","sale_month","key","currency")
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "song_isrc" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "release_upc" text;
--> statement-breakpoint
-- The revenue read's monthly sums (statement_month_totals), kept in the statement that writes the
-- lines: added for inserted lines, subtracted for deleted ones, both for updated ones (in a fixed
-- order, so concurrent imports lock rows alike). Rows left at zero lines go.
CREATE FUNCTION "apply_statement_month_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR TG_OP = 'UPDATE' THEN
  INSERT INTO "statement_month_totals" AS "t" ("organization_id", "dimension", "key", "sale_month", "currency", "song_id", "release_id", "label", "earnings", "quantity", "lines")
  SELECT "organization_id", "dimension", "key", "sale_month", "currency", (array_agg("song_id"))[1], (array_agg("release_id"))[1], min("label"), -sum("earnings"), -sum("quantity"), -count(*)
  FROM (
    SELECT "organization_id", 'store' AS "dimension", "store" AS "key", "sale_month", "currency", NULL::uuid AS "song_id", NULL::uuid AS "release_id", "store_name" AS "label", "earnings", "quantity" FROM "old_lines"
    UNION ALL SELECT "organization_id", 'country', coalesce("country", ''), "sale_month", "currency", NULL, NULL, NULL, "earnings", "quantity" FROM "old_lines"
    UNION ALL SELECT "organization_id", 'source', "source", "sale_month", "currency", NULL, NULL, NULL, "earnings", "quantity" FROM "old_lines"
    UNION ALL SELECT "organization_id", 'item', coalesce("song_id"::text, '') || '|' || coalesce("release_id"::text, ''), "sale_month", "currency", "song_id", "release_id", NULL, "earnings", "quantity" FROM "old_lines"
  ) AS "changed"
  GROUP BY "organization_id", "dimension", "sale_month", "key", "currency"
  ORDER BY "organization_id", "dimension", "sale_month", "key", "currency"
  ON CONFLICT ("organization_id", "dimension", "sale_month", "key", "currency") DO UPDATE SET
    "earnings" = "t"."earnings" + excluded."earnings",
    "quantity" = "t"."quantity" + excluded."quantity",
    "lines" = "t"."lines" + excluded."lines",
    "label" = least("t"."label", excluded."label");
  END IF;
  IF TG_OP = 'INSERT' OR TG_OP = 'UPDATE' THEN
  INSERT INTO "statement_month_totals" AS "t" ("organization_id", "dimension", "key", "sale_month", "currency", "song_id", "release_id", "label", "earnings", "quantity", "lines")
  SELECT "organization_id", "dimension", "key", "sale_month", "currency", (array_agg("song_id"))[1], (array_agg("release_id"))[1], min("label"), sum("earnings"), sum("quantity"), count(*)
  FROM (
    SELECT "organization_id", 'store' AS "dimension", "store" AS "key", "sale_month", "currency", NULL::uuid AS "song_id", NULL::uuid AS "release_id", "store_name" AS "label", "earnings", "quantity" FROM "new_lines"
    UNION ALL SELECT "organization_id", 'country', coalesce("country", ''), "sale_month", "currency", NULL, NULL, NULL, "earnings", "quantity" FROM "new_lines"
    UNION ALL SELECT "organization_id", 'source', "source", "sale_month", "currency", NULL, NULL, NULL, "earnings", "quantity" FROM "new_lines"
    UNION ALL SELECT "organization_id", 'item', coalesce("song_id"::text, '') || '|' || coalesce("release_id"::text, ''), "sale_month", "currency", "song_id", "release_id", NULL, "earnings", "quantity" FROM "new_lines"
  ) AS "changed"
  GROUP BY "organization_id", "dimension", "sale_month", "key", "currency"
  ORDER BY "organization_id", "dimension", "sale_month", "key", "currency"
  ON CONFLICT ("organization_id", "dimension", "sale_month", "key", "currency") DO UPDATE SET
    "earnings" = "t"."earnings" + excluded."earnings",
    "quantity" = "t"."quantity" + excluded."quantity",
    "lines" = "t"."lines" + excluded."lines",
    "label" = least("t"."label", excluded."label");
  END IF;
  IF TG_OP = 'INSERT' THEN
  DELETE FROM "statement_month_totals"
  WHERE "lines" = 0 AND "organization_id" IN (SELECT DISTINCT "organization_id" FROM "new_lines");
  ELSE
  DELETE FROM "statement_month_totals"
  WHERE "lines" = 0 AND "organization_id" IN (SELECT DISTINCT "organization_id" FROM "old_lines");
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "statement_lines_month_totals_insert" AFTER INSERT ON "statement_lines" REFERENCING NEW TABLE AS "new_lines" FOR EACH STATEMENT EXECUTE FUNCTION "apply_statement_month_totals"();
--> statement-breakpoint
CREATE TRIGGER "statement_lines_month_totals_update" AFTER UPDATE ON "statement_lines" REFERENCING OLD TABLE AS "old_lines" NEW TABLE AS "new_lines" FOR EACH STATEMENT EXECUTE FUNCTION "apply_statement_month_totals"();
--> statement-breakpoint
CREATE TRIGGER "statement_lines_month_totals_delete" AFTER DELETE ON "statement_lines" REFERENCING OLD TABLE AS "old_lines" FOR EACH STATEMENT EXECUTE FUNCTION "apply_statement_month_totals"();
--> statement-breakpoint
-- Lines imported before this migration.
INSERT INTO "statement_month_totals" ("organization_id", "dimension", "key", "sale_month", "currency", "song_id", "release_id", "label", "earnings", "quantity", "lines")
SELECT "organization_id", "dimension", "key", "sale_month", "currency", (array_agg("song_id"))[1], (array_agg("release_id"))[1], min("label"), sum("earnings"), sum("quantity"), count(*)
FROM (
  SELECT "organization_id", 'store' AS "dimension", "store" AS "key", "sale_month", "currency", NULL::uuid AS "song_id", NULL::uuid AS "release_id", "store_name" AS "label", "earnings", "quantity" FROM "statement_lines"
  UNION ALL SELECT "organization_id", 'country', coalesce("country", ''), "sale_month", "currency", NULL, NULL, NULL, "earnings", "quantity" FROM "statement_lines"
  UNION ALL SELECT "organization_id", 'source', "source", "sale_month", "currency", NULL, NULL, NULL, "earnings", "quantity" FROM "statement_lines"
  UNION ALL SELECT "organization_id", 'item', coalesce("song_id"::text, '') || '|' || coalesce("release_id"::text, ''), "sale_month", "currency", "song_id", "release_id", NULL, "earnings", "quantity" FROM "statement_lines"
) AS "existing"
GROUP BY "organization_id", "dimension", "sale_month", "key", "currency";
--> statement-breakpoint
-- The dashboard reads it: it moves analytics_version too (decision 0016).
CREATE TRIGGER "statement_month_totals_analytics_version_insert" AFTER INSERT ON "statement_month_totals" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_analytics_version_new"();
--> statement-breakpoint
CREATE TRIGGER "statement_month_totals_analytics_version_update" AFTER UPDATE ON "statement_month_totals" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_analytics_version_new"();
--> statement-breakpoint
CREATE TRIGGER "statement_month_totals_analytics_version_delete" AFTER DELETE ON "statement_month_totals" REFERENCING OLD TABLE AS "removed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_analytics_version_old"();
