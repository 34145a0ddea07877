/**
 * Numbers as statements write them: `1,234.56`, `1.234,56`, `0,003456`, `-0.00012`, `(3.20)`,
 * `7.89993E-05` (a file re-saved by Excel), `1 234,5` — read into an exact decimal string, never
 * through a float, so earnings add up to the cent whatever their number of decimals.
 */

export type DecimalOptions = {
  /**
   * How to read a lone comma followed by exactly three digits (`1,234`): a thousands separator,
   * unless the file is one of a decimal-comma locale (semicolon-separated, as European Excel
   * writes them).
   */
  isDecimalCommaLocale: boolean;
};

const plainDecimal = /^-?\d+(\.\d+)?$/;

/** The exact decimal a cell holds (`-1234.5`), or null when it is not a number. */
export function parseDecimal(raw: string, options: DecimalOptions): string | null {
  let text = raw.replace(/[\s\u00a0\u202f']/g, '').replace(/^[$€£¥]|[$€£¥]$/g, '');
  let isNegative = false;
  if (/^\(.*\)$/.test(text)) {
    isNegative = true;
    text = text.slice(1, -1);
  }
  if (text.startsWith('-') || text.startsWith('\u2212')) {
    isNegative = !isNegative;
    text = text.slice(1);
  } else if (text.startsWith('+')) {
    text = text.slice(1);
  }
  if (text.length === 0) return null;

  const scientific = /^(\d+(?:[.,]\d+)?)[eE]([+-]?\d+)$/.exec(text);
  let unsigned: string | null;
  if (scientific) {
    const mantissa = scientific[1]!.replace(',', '.');
    unsigned = shiftDecimal(mantissa, Number(scientific[2]));
  } else {
    unsigned = readSeparators(text, options);
  }
  if (unsigned?.startsWith('.')) unsigned = `0${unsigned}`;
  if (unsigned === null || !plainDecimal.test(unsigned)) return null;
  return canonicalDecimal((isNegative ? '-' : '') + unsigned);
}

function readSeparators(text: string, options: DecimalOptions): string | null {
  if (!/^[\d.,]+$/.test(text) || !/\d/.test(text)) return null;
  const lastDot = text.lastIndexOf('.');
  const lastComma = text.lastIndexOf(',');
  if (lastDot >= 0 && lastComma >= 0) {
    // Both: the later one is the decimal mark, the other groups thousands.
    const decimalMark = lastDot > lastComma ? '.' : ',';
    const groupMark = decimalMark === '.' ? ',' : '.';
    const [whole, fraction, ...rest] = text.split(decimalMark);
    if (rest.length > 0 || !isGrouped(whole!, groupMark)) return null;
    return `${whole!.split(groupMark).join('')}.${fraction}`;
  }
  const mark = lastDot >= 0 ? '.' : lastComma >= 0 ? ',' : null;
  if (mark === null) return text;
  const parts = text.split(mark);
  if (parts.length > 2) {
    // `1.234.567` or `1,234,567`: only thousands separators.
    return isGrouped(text, mark) ? parts.join('') : null;
  }
  const [whole, fraction] = parts as [string, string];
  if (mark === '.') return `${whole}.${fraction}`;
  const isThousands =
    fraction.length === 3 &&
    !/^0*$/.test(whole) &&
    whole.length > 0 &&
    !options.isDecimalCommaLocale;
  return isThousands ? `${whole}${fraction}` : `${whole}.${fraction}`;
}

/** `1,234,567` style grouping: a first group of 1–3 digits, then groups of exactly 3. */
function isGrouped(text: string, mark: string): boolean {
  const groups = text.split(mark);
  if (groups.length === 1) return /^\d*$/.test(groups[0]!);
  return /^\d{1,3}$/.test(groups[0]!) && groups.slice(1).every((group) => /^\d{3}$/.test(group));
}

function shiftDecimal(mantissa: string, exponent: number): string {
  const [whole, fraction = ''] = mantissa.split('.') as [string, string?];
  const digits = whole + fraction;
  const point = whole.length + exponent;
  if (point <= 0) return `0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return digits + '0'.repeat(point - digits.length);
  return `${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** One spelling per value: no `+`, no leading or trailing zeros, no `-0`. */
export function canonicalDecimal(value: string): string {
  const isNegative = value.startsWith('-');
  const [rawWhole, rawFraction = ''] = value.replace(/^-/, '').split('.') as [string, string?];
  const whole = rawWhole.replace(/^0+(?=\d)/, '') || '0';
  const fraction = rawFraction.replace(/0+$/, '');
  const unsigned = fraction.length > 0 ? `${whole}.${fraction}` : whole;
  return isNegative && unsigned !== '0' ? `-${unsigned}` : unsigned;
}

/** Exact sum of decimal strings (for totals to the cent and for tests). */
export function addDecimals(values: Iterable<string>): string {
  let scale = 0;
  const parsed: Array<{ digits: bigint; scale: number }> = [];
  for (const value of values) {
    const [whole, fraction = ''] = value.replace(/^-/, '').split('.') as [string, string?];
    const sign = value.startsWith('-') ? -1n : 1n;
    parsed.push({ digits: sign * BigInt(whole + fraction), scale: fraction.length });
    scale = Math.max(scale, fraction.length);
  }
  let sum = 0n;
  for (const { digits, scale: ownScale } of parsed) sum += digits * 10n ** BigInt(scale - ownScale);
  const isNegative = sum < 0n;
  const text = (isNegative ? -sum : sum).toString().padStart(scale + 1, '0');
  const joined = scale > 0 ? `${text.slice(0, -scale)}.${text.slice(-scale)}` : text;
  return canonicalDecimal((isNegative ? '-' : '') + joined);
}

/** A decimal string rounded half away from zero to `places` decimals (`12.345` → `12.35`). */
export function roundDecimal(value: string, places: number): string {
  const isNegative = value.startsWith('-');
  const [whole, fraction = ''] = value.replace(/^-/, '').split('.') as [string, string?];
  const padded = fraction.padEnd(places + 1, '0');
  let scaled = BigInt(whole + padded.slice(0, places));
  if (Number(padded[places]) >= 5) scaled += 1n;
  const text = scaled.toString().padStart(places + 1, '0');
  const joined = places > 0 ? `${text.slice(0, -places)}.${text.slice(-places)}` : text;
  return canonicalDecimal((isNegative ? '-' : '') + joined);
}
