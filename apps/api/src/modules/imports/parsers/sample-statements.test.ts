import { describe, expect, it } from 'vitest';
import { describeSampleStatements, PERSONA_IDS } from '@crescendo/platform-sandbox';
import { addDecimals, openImport, roundDecimal } from './index';
import type { ParsedRow } from './types';

const now = '2026-03-15T12:00:00Z';

// Building a persona's world takes a moment: each persona's files are made once for the file.
const filesByPersona = new Map<string, ReturnType<typeof describeSampleStatements>>();
function filesOf(personaId: (typeof PERSONA_IDS)[number]) {
  let files = filesByPersona.get(personaId);
  if (!files) {
    files = describeSampleStatements(personaId, { now });
    filesByPersona.set(personaId, files);
  }
  return files;
}

/** Sums nano-units exactly and prints them as a decimal rounded to the cent. */
function centsOfNanos(values: readonly bigint[]): string {
  const total = values.reduce((sum, value) => sum + value, 0n);
  const isNegative = total < 0n;
  const digits = (isNegative ? -total : total).toString().padStart(10, '0');
  return roundDecimal(`${isNegative ? '-' : ''}${digits.slice(0, -9)}.${digits.slice(-9)}`, 2);
}

describe.each(PERSONA_IDS)('sample statements of the %s persona', (personaId) => {
  const files = filesOf(personaId);

  it.each(files.map((file) => [file.fileName, file] as const))(
    '%s parses with only its deliberate rejections, totals equal to the cent',
    async (_name, file) => {
      const reader = await openImport(
        (async function* () {
          yield file.bytes;
        })(),
        { fileName: file.fileName },
      );
      expect(reader.format).toBe(file.format);
      expect(reader.source).toBe(file.source);
      const rows: ParsedRow[] = [];
      for await (const row of reader.rows) rows.push(row);
      const rejected = rows.filter((row) => !row.ok);
      expect(rejected).toHaveLength(file.model.deliberateRejections);
      const records = rows.flatMap((row) => (row.ok ? [row.record] : []));
      expect(records).toHaveLength(file.model.amounts.length);

      // Totals per currency: from the generator's model (in the test) and from the parsed file.
      const currencies = new Set(file.model.amounts.map((amount) => amount.currency));
      for (const currency of currencies) {
        const expected = centsOfNanos(
          file.model.amounts
            .filter((amount) => amount.currency === currency)
            .map((amount) => amount.earningsNanos),
        );
        const parsed = records.flatMap((record) =>
          record.kind === 'statement' && record.currency === currency ? [record.earnings] : [],
        );
        if (currency === '') continue;
        expect(roundDecimal(addDecimals(parsed), 2)).toBe(expected);
      }
      const expectedQuantity = file.model.amounts.reduce((sum, amount) => sum + amount.quantity, 0);
      const parsedQuantity = records.reduce((sum, record) => {
        if (record.kind === 'statement') return sum + record.quantity;
        if (record.kind === 'spotify_audience_day' || record.kind === 'spotify_song_day') {
          return sum + (record.streams ?? 0);
        }
        if (record.kind === 'spotify_song' || record.kind === 'spotify_playlist') {
          return sum + (record.streams ?? 0);
        }
        return sum;
      }, 0);
      expect(parsedQuantity).toBe(expectedQuantity);
    },
  );
});

describe('the two overlapping DistroKid statements', () => {
  it('share the lines of the months they both cover, fingerprint for fingerprint', async () => {
    const distrokid = filesOf('small').filter((file) => file.format === 'distrokid');
    expect(distrokid).toHaveLength(2);
    const byMonth = await Promise.all(
      distrokid.map(async (file) => {
        const reader = await openImport(
          (async function* () {
            yield file.bytes;
          })(),
          { fileName: file.fileName },
        );
        const months = new Map<string, string[]>();
        for await (const row of reader.rows) {
          if (!row.ok || row.record.kind !== 'statement' || row.record.quantity < 0) continue;
          const list = months.get(row.record.saleMonth) ?? [];
          list.push(row.fingerprint);
          months.set(row.record.saleMonth, list);
        }
        return months;
      }),
    );
    const [older, newer] = byMonth as [Map<string, string[]>, Map<string, string[]>];
    const shared = [...older.keys()].filter((month) => newer.has(month));
    expect(shared.length).toBeGreaterThanOrEqual(2);
    for (const month of shared) {
      expect(new Set(newer.get(month))).toEqual(new Set(older.get(month)));
    }
  });

  it('keeps an accent of the Windows-1252 AWAL file (Réunion read as RE)', async () => {
    const awal = filesOf('mid').find((file) => file.format === 'awal')!;
    const reader = await openImport(
      (async function* () {
        yield awal.bytes;
      })(),
      { fileName: awal.fileName },
    );
    expect(reader.encoding).toBe('windows-1252');
    const countries = new Set<string | null>();
    for await (const row of reader.rows) {
      if (row.ok && row.record.kind === 'statement') countries.add(row.record.country);
    }
    expect(countries.has('RE')).toBe(true);
    expect(countries.has(null)).toBe(false);
  });
});
