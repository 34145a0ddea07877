-- Embedded identities were keyed by the app's URL as issuer, so a changed PORT or APP_URL orphaned
-- every user. They move to the fixed issuer (identity/embedded.ts `embeddedIssuer`). Where one
-- subject was seen under several URLs, its earliest backend user is adopted; the others stay.
UPDATE "users" AS u
SET "issuer" = 'urn:crescendo:embedded', "updated_at" = now()
WHERE u."identity_provider" = 'embedded'
  AND u."issuer" <> 'urn:crescendo:embedded'
  AND NOT EXISTS (
    SELECT 1 FROM "users" AS t
    WHERE t."identity_provider" = 'embedded'
      AND t."issuer" = 'urn:crescendo:embedded'
      AND t."subject" = u."subject"
  )
  AND u."id" = (
    SELECT f."id" FROM "users" AS f
    WHERE f."identity_provider" = 'embedded' AND f."subject" = u."subject"
    ORDER BY f."created_at", f."id"
    LIMIT 1
  );
