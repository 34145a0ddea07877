-- A statement line's fingerprint (SHA-256 of its own fields) is kept as its 32 bytes instead of
-- 64 hex characters: the unique index that finds a line already counted (every insert probes and
-- extends it) holds half the bytes per key and compares them with memcmp (decision 0041). Lines
-- written by the product are always hex; any other value keeps its UTF-8 bytes, so no two lines
-- come to share a key.
ALTER TABLE "statement_lines" ALTER COLUMN "fingerprint" SET DATA TYPE bytea USING (
  CASE WHEN "fingerprint" ~ '^[0-9a-f]{64}$' THEN decode("fingerprint", 'hex')
  ELSE convert_to("fingerprint", 'UTF8') END
);
