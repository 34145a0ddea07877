import { describe, expect, it } from 'vitest';
import { unsupportedImportMessage } from '@crescendo/contracts';
import { detectImport, openImport, UnsupportedImportFormatError } from './index';
import { okRecords, readAll, rejections } from './test-support';
import type { StatementRecord } from './types';

const header =
  'Reporting Date,Sale Month,Store,Artist,Title,ISRC,UPC,Quantity,Team Percentage,Song/Album,Country of Sale,Songwriter Royalties Withheld,Earnings (USD)';

function line(
  title: string,
  earnings: string,
  extra: Partial<Record<'isrc' | 'store', string>> = {},
  delimiter = ',',
) {
  return [
    '2024-05-02',
    '2024-02',
    extra.store ?? 'Spotify',
    'Nora Lumen',
    title,
    extra.isrc ?? 'ITABC2400001',
    '',
    '10',
    '100',
    'Song',
    'IT',
    '0',
    earnings,
  ].join(delimiter);
}

function statements(rows: Parameters<typeof okRecords>[0]): StatementRecord[] {
  return okRecords(rows).filter((record): record is StatementRecord => record.kind === 'statement');
}

function encodeUtf16le(text: string, withBom: boolean): Uint8Array {
  const body = Buffer.from(text, 'utf16le');
  return withBom ? Buffer.concat([Buffer.from([0xff, 0xfe]), body]) : body;
}

describe('encodings', () => {
  it('reads UTF-8 with a byte-order mark', async () => {
    const { reader, rows } = await readAll(`\uFEFF${header}\n${line('Città', '0.01')}\n`);
    expect(reader.encoding).toBe('utf-8');
    expect(statements(rows)[0]!.title).toBe('Città');
  });

  it('reads UTF-16 LE with a byte-order mark (Excel "Unicode text", tab-separated)', async () => {
    const text = `${header}\n${line('Åsa Ñandú 東京', '0.01')}\n`.replace(/,/g, '\t');
    const { reader, rows } = await readAll(encodeUtf16le(text, true));
    expect(reader).toMatchObject({ encoding: 'utf-16le', delimiter: '\t', format: 'distrokid' });
    expect(statements(rows)[0]!.title).toBe('Åsa Ñandú 東京');
  });

  it('reads UTF-16 LE that lost its byte-order mark', async () => {
    const { reader, rows } = await readAll(
      encodeUtf16le(`${header}\n${line('Déjà vu', '1')}`, false),
    );
    expect(reader.encoding).toBe('utf-16le');
    expect(statements(rows)[0]!.title).toBe('Déjà vu');
  });

  it('reads Windows-1252 from an older Excel with its accents intact', async () => {
    const bytes = Buffer.from(`${header}\n${line('Café Noël – Señor', '0.5')}\n`, 'latin1');
    // The en dash is 0x96 in Windows-1252 (latin1 encoding would drop it).
    bytes[bytes.indexOf(Buffer.from(' \u0013 ', 'latin1')) + 1] = 0x96;
    const { reader, rows } = await readAll(bytes);
    expect(reader.encoding).toBe('windows-1252');
    expect(statements(rows)[0]!.title).toBe('Café Noël – Señor');
  });

  it('switches to Windows-1252 when a non-UTF-8 byte first appears after the first 64 KB', async () => {
    const filler = Array.from({ length: 900 }, (_, index) => line(`Song ${index}`, '0.001')).join(
      '\n',
    );
    const bytes = Buffer.concat([
      Buffer.from(`${header}\n${filler}\n`, 'utf8'),
      Buffer.from(`${line('Olé', '0.001')}\n`, 'latin1'),
    ]);
    expect(bytes.length).toBeGreaterThan(64 * 1024);
    const { reader, rows } = await readAll(bytes);
    expect(reader.encoding).toBe('utf-8');
    expect(rejections(rows)).toEqual([]);
    expect(statements(rows).at(-1)!.title).toBe('Olé');
  });
});

describe('separators, quoting and line ends', () => {
  it.each([
    ['tab', '\t'],
    ['comma', ','],
    ['semicolon', ';'],
  ] as const)('detects a %s-separated file from its header row', async (_name, delimiter) => {
    const text = `${header}\n${line('One', '0.25')}\n`.replace(/,/g, delimiter);
    const { reader, rows } = await readAll(text);
    expect(reader.delimiter).toBe(delimiter);
    expect(statements(rows)).toHaveLength(1);
  });

  it('keeps commas, quotes and line breaks inside quoted values, and counts lines from the start', async () => {
    const text = [
      header,
      line('"Hello, Goodbye"', '0.1'),
      line('"Two\nLines"', '0.2'),
      line('"Say ""Hi"""', '0.3'),
      line('After', 'oops'),
    ].join('\r\n');
    const { rows } = await readAll(text);
    expect(statements(rows).map((record) => record.title)).toEqual([
      'Hello, Goodbye',
      'Two\nLines',
      'Say "Hi"',
    ]);
    expect(rows.map((row) => row.lineNumber)).toEqual([2, 3, 5, 6]);
    expect(rejections(rows)).toEqual([
      { lineNumber: 6, reason: "Earnings (USD) is not a number: 'oops'" },
    ]);
  });

  it('reads CRLF, CR-only (as some DistroKid downloads are) and LF alike', async () => {
    for (const end of ['\r\n', '\r', '\n']) {
      const { rows } = await readAll([header, line('A', '1'), line('B', '2')].join(end) + end);
      expect(statements(rows).map((record) => record.title)).toEqual(['A', 'B']);
    }
  });

  it('skips trailing empty lines and rows of empty cells', async () => {
    const { rows } = await readAll(`${header}\n${line('A', '1')}\n\n,,,,,,,,,,,,\n\n`);
    expect(rows).toHaveLength(1);
  });

  it('matches header names with stray spaces, other case and underscores', async () => {
    const messy = header
      .split(',')
      .map((name) => `  ${name.toUpperCase().replace(/ /g, '   ')} `)
      .join(',');
    const { reader, rows } = await readAll(`${messy}\n${line('A', '1')}\n`);
    expect(reader.format).toBe('distrokid');
    expect(statements(rows)).toHaveLength(1);
    expect(detectImport(Buffer.from('DATE,Listeners,STREAMS,followers\n'))?.format).toBe(
      'spotify_audience_timeline',
    );
    expect(detectImport(Buffer.from('Song,Listeners,Streams,Saves,Release Date\n'))?.format).toBe(
      'spotify_songs',
    );
  });

  it('rejects a line with more values than the header (an unquoted separator), keeping the rest', async () => {
    const { rows } = await readAll([header, line('A, B', '1'), line('C', '2')].join('\n'));
    expect(rejections(rows)).toEqual([
      {
        lineNumber: 2,
        reason:
          'This line has 14 fields where the header has 13: a value may hold a separator without quotes',
      },
    ]);
    expect(statements(rows).map((record) => record.title)).toEqual(['C']);
  });

  it('reports a quote left open to the end of the file as one unreadable line', async () => {
    const { rows } = await readAll([header, line('Fine', '1'), line('"Broken', '2')].join('\n'));
    expect(statements(rows).map((record) => record.title)).toEqual(['Fine']);
    expect(rejections(rows)).toHaveLength(1);
    expect(rejections(rows)[0]!.reason).toMatch(/quote/);
  });
});

describe('numbers and identifiers in lines', () => {
  it('reads negative lines, decimal commas, thousands separators and dashed ISRCs exactly', async () => {
    const text = [
      header.replace(/,/g, ';'),
      line('A', '-0,00412', { isrc: 'IT-ABC-24-00001' }, ';'),
      line('B', '"1.234,56"', { isrc: 'it abc 24 00002' }, ';'),
      line('C', '0,003456', {}, ';'),
    ].join('\n');
    const { rows } = await readAll(text);
    expect(statements(rows).map((record) => [record.isrc, record.earnings])).toEqual([
      ['ITABC2400001', '-0.00412'],
      ['ITABC2400002', '1234.56'],
      ['ITABC2400001', '0.003456'],
    ]);
  });

  it('reads US thousands separators in a comma-separated file', async () => {
    const { rows } = await readAll(
      `${header}\n${line('A', '"1,234.56"')}\n${line('B', '"2,500"')}\n`,
    );
    expect(statements(rows).map((record) => record.earnings)).toEqual(['1234.56', '2500']);
  });

  it('gives the same line the same fingerprint in another file, whatever its position or spelling', async () => {
    const first = await readAll(`${header}\n${line('A', '0.10')}\n${line('B', '0.2')}\n`);
    const second = await readAll(
      `\uFEFF${header.replace(/,/g, '\t')}\r\n${line('B', '0.200').replace(/,/g, '\t')}\r\n`,
    );
    const fingerprintOf = (rows: typeof first.rows, index: number) => {
      const row = rows[index]!;
      return row.ok ? row.fingerprint : null;
    };
    expect(fingerprintOf(second.rows, 0)).toBe(fingerprintOf(first.rows, 1));
    expect(fingerprintOf(first.rows, 0)).not.toBe(fingerprintOf(first.rows, 1));
    expect(fingerprintOf(first.rows, 0)).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('files that are not imports', () => {
  it('refuses an unknown file with the message naming the supported formats', async () => {
    const input = async function* () {
      yield Buffer.from('name,email\nAda,ada@example.com\n');
    };
    await expect(openImport(input(), { fileName: 'distrokid.csv' })).rejects.toThrow(
      UnsupportedImportFormatError,
    );
    await expect(openImport(input(), { fileName: 'x.csv' })).rejects.toThrow(
      unsupportedImportMessage,
    );
    expect(detectImport(Buffer.from('name,email\n'))).toBeNull();
  });

  it('refuses an empty file and a binary one', async () => {
    expect(detectImport(new Uint8Array(0))).toBeNull();
    expect(detectImport(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x08]))).toBeNull();
    await expect(openImport((async function* () {})(), { fileName: 'empty.csv' })).rejects.toThrow(
      UnsupportedImportFormatError,
    );
  });

  it('opens a header-only file with no rows', async () => {
    const { reader, rows } = await readAll(`${header}\r\n`);
    expect(reader.format).toBe('distrokid');
    expect(rows).toEqual([]);
  });

  it('does not take the file name into account', async () => {
    const { reader } = await readAll('date,streams\n2024-01-01,3\n', 'DistroKid_statement.tsv');
    expect(reader.format).toBe('spotify_song_timeline');
  });
});

describe('laziness', () => {
  it('yields the first rows of a huge stream without reading the rest', async () => {
    let chunksRead = 0;
    let isClosed = false;
    async function* hugeStatement() {
      try {
        yield Buffer.from(`${header}\n`);
        for (let index = 0; index < 1_000_000; index += 1) {
          chunksRead += 1;
          yield Buffer.from(
            `${Array.from({ length: 100 }, () => line(`Song ${index}`, '0.0042')).join('\n')}\n`,
          );
        }
      } finally {
        isClosed = true;
      }
    }
    const reader = await openImport(hugeStatement(), { fileName: 'big.tsv' });
    const first: string[] = [];
    for await (const row of reader.rows) {
      if (row.ok && row.record.kind === 'statement') first.push(row.record.title!);
      if (first.length === 3) break;
    }
    expect(first).toEqual(['Song 0', 'Song 0', 'Song 0']);
    // 64 KB of head plus what the stream buffers hold: a few hundred KB of a ~11 GB stream.
    expect(chunksRead).toBeLessThan(100);
    expect(isClosed).toBe(true);
  });
});

describe('a failing input', () => {
  it('throws to the caller rather than reporting it as a bad line', async () => {
    async function* failing() {
      yield Buffer.from(`${header}\n${`${line('A', '1')}\n`.repeat(1000)}`);
      throw new Error('storage went away');
    }
    const reader = await openImport(failing(), { fileName: 'x.csv' });
    const seen: unknown[] = [];
    await expect(
      (async () => {
        for await (const row of reader.rows) seen.push(row);
      })(),
    ).rejects.toThrow('storage went away');
    expect(seen.every((row) => (row as { ok: boolean }).ok)).toBe(true);
  });
});
