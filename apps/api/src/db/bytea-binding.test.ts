import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './client';
import { createTestDatabase, databaseTargets } from '../testing/test-database';

function readRows<Row>(result: unknown): Row[] {
  return (result as { rows?: Row[] }).rows ?? (result as Row[]);
}

// A Buffer parameter reaches bytea as its exact bytes on both drivers: PGlite binds it in binary
// (openDatabase's serializer, decision 0039), node-postgres as hex. Imported files and statement
// batches rely on it.
describe.each(databaseTargets)('bytea parameters on %s', (target) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase(target);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('stores every byte value as given, a NUL and bytes that are no UTF-8 included', async () => {
    const bytes = Buffer.concat([
      Buffer.from(Array.from({ length: 256 }, (_, index) => index)),
      Buffer.from([0xff, 0xfe, 0x00, 0xc3]),
      crypto.randomBytes(300_000),
    ]);
    const [row] = readRows<{ length: number; sha: string }>(
      await database.db.execute(
        sql`select length(${bytes}::bytea)::int as length, encode(sha256(${bytes}::bytea), 'hex') as sha`,
      ),
    );
    expect(row).toEqual({
      length: bytes.length,
      sha: crypto.createHash('sha256').update(bytes).digest('hex'),
    });
  });

  it('reads UTF-8 text sent as bytes back as the same text', async () => {
    const text = JSON.stringify([{ title: 'Café “Nuit” — 夜 🎧', earnings: '0.0042' }]);
    const [row] = readRows<{ title: string }>(
      await database.db.execute(
        sql`select convert_from(${Buffer.from(text, 'utf8')}::bytea, 'UTF8')::json -> 0 ->> 'title' as title`,
      ),
    );
    expect(row).toEqual({ title: 'Café “Nuit” — 夜 🎧' });
  });
});
