import { describe, expect, it } from 'vitest';
import { BatchPreparer, noFigures, type PreparedBatch } from './prepared-batches';
import type { ParsedRow, StatementRecord } from './parsers/types';

function statement(overrides: Partial<StatementRecord> = {}): StatementRecord {
  return {
    kind: 'statement',
    saleMonth: '2026-03',
    reportedMonth: '2026-05',
    store: 'spotify',
    storeName: 'Spotify',
    country: 'DE',
    artist: 'Juniper Vale',
    title: 'Glasshouse',
    releaseTitle: 'Glasshouse EP',
    isrc: 'USX9P2600001',
    upc: null,
    itemType: 'track',
    quantity: 100,
    earnings: '0.3125',
    currency: 'USD',
    isAccountCurrency: true,
    ...overrides,
  };
}

let line = 1;
function ok(record: StatementRecord, fingerprint: string): ParsedRow {
  line += 1;
  return { lineNumber: line, ok: true, record, fingerprint };
}
const fingerprintA = 'a'.repeat(64);
const fingerprintB = 'b'.repeat(64);

function linesOf(batch: PreparedBatch | null) {
  return JSON.parse(Buffer.from(batch!.statements!.lines).toString('utf8')) as Record<
    string,
    unknown
  >[];
}

describe('batches of statement lines as the job writes them', () => {
  it('numbers identical lines of a file across batches, and hands a batch over when full', () => {
    line = 1;
    const preparer = new BatchPreparer(2);
    expect(preparer.add(ok(statement(), fingerprintA))).toBeNull();
    const first = preparer.add(ok(statement(), fingerprintA));
    expect(first).toMatchObject({ rowsTotal: 2, lastLine: 3, statements: { count: 2 } });
    expect(linesOf(first).map((row) => row.occurrence)).toEqual([1, 2]);
    expect(preparer.add(ok(statement({ quantity: 7 }), fingerprintB))).toBeNull();
    expect(
      preparer.add({ lineNumber: 5, ok: false, reason: 'The Earnings (USD) is empty.' }),
    ).toBeNull();
    const last = preparer.take();
    expect(linesOf(last).map((row) => [row.fingerprint, row.occurrence])).toEqual([
      [fingerprintB, 1],
    ]);
    expect(last).toMatchObject({ rowsTotal: 4, lastLine: 5 });
    expect(preparer.take()).toBeNull();
    // The third identical line, in a later batch, is a line of its own too.
    preparer.add(ok(statement(), fingerprintA));
    expect(linesOf(preparer.take()).map((row) => row.occurrence)).toEqual([3]);
  });

  it("writes each line's columns, and names a batch's songs and releases once each", () => {
    line = 1;
    const preparer = new BatchPreparer(10);
    preparer.add(ok(statement(), fingerprintA));
    preparer.add(ok(statement({ upc: '0123456789012', title: 'Glasshouse (live)' }), fingerprintB));
    preparer.add(
      ok(
        statement({ isrc: null, upc: '0123456789012', itemType: 'release', title: null }),
        'c'.repeat(64),
      ),
    );
    const batch = preparer.take()!;
    expect(linesOf(batch)[0]).toEqual({
      fingerprint: fingerprintA,
      occurrence: 1,
      sale_month: '2026-03-01',
      reported_month: '2026-05-01',
      store: 'spotify',
      store_name: 'Spotify',
      country: 'DE',
      isrc: 'USX9P2600001',
      upc: null,
      title: 'Glasshouse',
      item_type: 'track',
      quantity: 100,
      earnings: '0.3125',
      currency: 'USD',
      is_account_currency: true,
    });
    // The song's first line gives its title and artist; a later line its release.
    expect(batch.statements!.songs).toEqual([
      { isrc: 'USX9P2600001', title: 'Glasshouse', artist: 'Juniper Vale', upc: '0123456789012' },
    ]);
    expect(batch.statements!.releases).toEqual([{ upc: '0123456789012', title: 'Glasshouse EP' }]);
  });

  it("keeps the file's figures: period, totals to the cent per currency, the rejections", () => {
    line = 1;
    const preparer = new BatchPreparer(1);
    preparer.add(ok(statement({ saleMonth: '2026-02', earnings: '0.004' }), fingerprintA));
    preparer.add(
      ok(statement({ saleMonth: '2026-04', earnings: '0.003', quantity: -1 }), fingerprintB),
    );
    preparer.add(
      ok(statement({ currency: 'EUR', isAccountCurrency: false, earnings: '1.5' }), 'c'.repeat(64)),
    );
    preparer.add({ lineNumber: 9, ok: false, reason: 'The ISRC is not one.' });
    expect(preparer.figures()).toEqual({
      rowsTotal: 4,
      rowsRejected: 1,
      rejections: [{ line: 9, reason: 'The ISRC is not one.' }],
      lastLine: 9,
      period: { from: '2026-02-01', to: '2026-04-30', granularity: 'month' },
      totals: {
        quantity: 199,
        earnings: [
          { currency: 'EUR', amount: 1.5 },
          { currency: 'USD', amount: 0.01 },
        ],
      },
    });
    expect(noFigures()).toMatchObject({ rowsTotal: 0, period: null, lastLine: 0 });
  });
});
