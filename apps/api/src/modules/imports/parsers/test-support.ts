import { openImport } from './open-import';
import type { ImportReader, ParsedRow } from './types';

/** Splits bytes into small chunks so every test crosses chunk boundaries. */
export async function* chunkBytes(bytes: Uint8Array, size = 7): AsyncGenerator<Uint8Array> {
  for (let offset = 0; offset < bytes.length; offset += size) {
    yield bytes.subarray(offset, offset + size);
  }
}

export async function readAll(
  content: string | Uint8Array,
  fileName = 'statement.csv',
): Promise<{ reader: ImportReader; rows: ParsedRow[] }> {
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  const reader = await openImport(chunkBytes(bytes), { fileName });
  const rows: ParsedRow[] = [];
  for await (const row of reader.rows) rows.push(row);
  return { reader, rows };
}

export function okRecords(rows: readonly ParsedRow[]) {
  return rows.flatMap((row) => (row.ok ? [row.record] : []));
}

export function rejections(rows: readonly ParsedRow[]) {
  return rows.flatMap((row) =>
    row.ok ? [] : [{ lineNumber: row.lineNumber, reason: row.reason }],
  );
}
