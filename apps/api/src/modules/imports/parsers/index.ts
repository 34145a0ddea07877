// The import parsers' public face: the imports module (upload route, job) uses only this.
export {
  detectImport,
  openImport,
  UnsupportedImportFormatError,
  type ImportInput,
} from './open-import';
export { normalizeIsrc, normalizeUpc } from './identifiers';
export { normalizeCountry } from './countries';
export { mapStoreName, storeKeys, storeLabels, type StoreKey } from './stores';
export { addDecimals, parseDecimal, roundDecimal } from './numbers';
export { fingerprintRecord } from './fingerprint';
export type {
  DetectedImport,
  ImportReader,
  ImportRecord,
  ParsedRow,
  SpotifyAudienceDayRecord,
  SpotifyPlaylistRecord,
  SpotifySongDayRecord,
  SpotifySongRecord,
  StatementRecord,
} from './types';
