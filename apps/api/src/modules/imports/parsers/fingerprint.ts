import { createHash } from 'node:crypto';
import type { ImportRecord } from './types';

/**
 * SHA-256 (hex) of a record's canonical fields, keys sorted, never its line number: the same line
 * in a re-downloaded or overlapping statement has the same fingerprint. `identity` adds cells
 * that tell otherwise identical lines apart (a Bandcamp sale's transaction id and time).
 */
export function fingerprintRecord(record: ImportRecord, identity: readonly string[] = []): string {
  const canonical = JSON.stringify(record, Object.keys(record).sort());
  return createHash('sha256')
    .update(identity.length > 0 ? `${canonical}\u0000${JSON.stringify(identity)}` : canonical)
    .digest('hex');
}
