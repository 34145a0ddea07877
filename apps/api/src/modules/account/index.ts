/**
 * The account module's public surface: a person's data export and deletion, an owner's deletion
 * of an artist, and Meta's data-deletion callback. What belongs to whom is read from the schema
 * (`data-map.ts`), so new tables are covered.
 */
export { accountRoutes, type AccountRoutesOptions } from './account.routes';
export { parseSignedRequest, signRequest } from './meta-signed-request';
