import { describe, expect, it } from 'vitest';
import { escapeCsvCell, toCsv } from './csv';

describe('CSV escaping', () => {
  it('quotes commas, quotes and newlines', () => {
    expect(escapeCsvCell('Live, at the Roundhouse')).toBe('"Live, at the Roundhouse"');
    expect(escapeCsvCell('The "Single"')).toBe('"The ""Single"""');
    expect(escapeCsvCell('line one\nline two')).toBe('"line one\nline two"');
    expect(escapeCsvCell('plain')).toBe('plain');
  });

  it.each(['=HYPERLINK("http://x")', '+1+1', '-2+3', '@SUM(A1)', '\tcmd', '\rcmd'])(
    'neutralises a formula starting %j',
    (value) => {
      const cell = escapeCsvCell(value);
      expect(cell.replace(/^"/, '').startsWith("'")).toBe(true);
    },
  );

  it('keeps numbers, including negative numbers, as numbers', () => {
    expect(escapeCsvCell(-12.5)).toBe('-12.5');
    expect(escapeCsvCell(0)).toBe('0');
    expect(escapeCsvCell(null)).toBe('');
  });

  it('builds CRLF-terminated documents', () => {
    expect(
      toCsv(
        ['title', 'views'],
        [
          ['A, B', 10],
          ['=cmd', 2],
        ],
      ),
    ).toBe('title,views\r\n"A, B",10\r\n\'=cmd,2\r\n');
  });
});
