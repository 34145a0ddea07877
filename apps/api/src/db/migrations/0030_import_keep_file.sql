-- The artist may ask to keep an uploaded file (issue 26: "not kept beyond their parsed lines
-- unless the artist asks"): its import_file_chunks then stay after the job until the import goes.
ALTER TABLE "imports" ADD COLUMN "keep_file" boolean DEFAULT false NOT NULL;