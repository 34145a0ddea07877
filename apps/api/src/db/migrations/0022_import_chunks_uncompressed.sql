-- Uploaded files wait in import_file_chunks only until their job reads them: compressing each
-- 1 MB chunk on the way in (TOAST's default for bytea) cost PGlite more than the whole upload
-- otherwise took, and the rows are deleted minutes later. Stored out of line, uncompressed.
ALTER TABLE "import_file_chunks" ALTER COLUMN "bytes" SET STORAGE EXTERNAL;
