-- Each statement line names the import that holds it (the first to bring it, decision 0039);
-- statement_line_imports keeps only the other imports that brought the same line. A new line is
-- then one row and one foreign-key check instead of two rows and two checks (issue 26's import
-- time on PGlite). The organisation's deletion reaches the lines through its imports.
ALTER TABLE "statement_lines" DROP CONSTRAINT "statement_lines_organization_id_organizations_id_fk";
--> statement-breakpoint
ALTER TABLE "statement_lines" ADD COLUMN "import_id" uuid;
--> statement-breakpoint
-- The holder of an existing line: the earliest import that links it.
UPDATE "statement_lines" AS "line" SET "import_id" = "holder"."import_id"
FROM (
  SELECT DISTINCT ON ("link"."organization_id", "link"."line_id")
    "link"."organization_id", "link"."line_id", "link"."import_id"
  FROM "statement_line_imports" AS "link"
  JOIN "imports" AS "import" ON "import"."organization_id" = "link"."organization_id" AND "import"."id" = "link"."import_id"
  ORDER BY "link"."organization_id", "link"."line_id", "import"."created_at", "import"."id"
) AS "holder"
WHERE "line"."organization_id" = "holder"."organization_id" AND "line"."id" = "holder"."line_id";
--> statement-breakpoint
DELETE FROM "statement_line_imports" AS "link"
USING "statement_lines" AS "line"
WHERE "link"."organization_id" = "line"."organization_id" AND "link"."line_id" = "line"."id"
  AND "link"."import_id" = "line"."import_id";
--> statement-breakpoint
-- A line no import held could not be reached by any deletion; none is left by the product (the
-- last import's deletion removes its lines), and one left by hand goes with its totals.
DELETE FROM "statement_lines" WHERE "import_id" IS NULL;
--> statement-breakpoint
ALTER TABLE "statement_lines" ALTER COLUMN "import_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_import_fk" FOREIGN KEY ("organization_id","import_id") REFERENCES "public"."imports"("organization_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "statement_lines_import_idx" ON "statement_lines" USING btree ("organization_id","import_id");
