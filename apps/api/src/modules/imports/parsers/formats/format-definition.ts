import type { ImportFormat, ImportSource } from '@crescendo/contracts';
import { parseDecimal, type DecimalOptions } from '../numbers';
import { parseDay, parseMonth, type SlashOrder } from '../dates';
import { normalizeIsrc } from '../identifiers';
import type { ImportRecord } from '../types';

/** A line that cannot be read; its message is the sentence the person sees. */
export class LineError extends Error {}

export type ColumnSpec = {
  /** Header names as compared (see `normalizeHeaderName`): lower case, single spaces. */
  aliases: readonly string[];
  isRequired?: boolean;
};

/** One row's cells by field name; `''` for a blank cell or a column the file does not have. */
export type RowCells<Field extends string> = {
  text(field: Field): string;
  has(field: Field): boolean;
};

export type ReadContext = { fileName: string; decimal: DecimalOptions };

export type ReadResult = {
  record: ImportRecord;
  /** Cells that tell two otherwise identical lines apart (a Bandcamp transaction id…). */
  identity?: readonly string[];
};

export type FormatDefinition<Field extends string = string> = {
  format: ImportFormat;
  source: ImportSource;
  columns: Record<Field, ColumnSpec>;
  /** Columns whose presence means the file is some other format. */
  excludes?: readonly string[];
  readRow(cells: RowCells<Field>, context: ReadContext): ReadResult;
};

/** Keeps quoted cell text short and on one line in a rejection reason. */
export function quoteCell(value: string): string {
  const oneLine = value.replace(/\s+/g, ' ');
  return `'${oneLine.length > 60 ? `${oneLine.slice(0, 57)}…` : oneLine}'`;
}

export function requireText(value: string, label: string): string {
  if (value.length === 0) throw new LineError(`${label} is empty`);
  return value;
}

export function requireDecimal(value: string, label: string, context: ReadContext): string {
  if (value.length === 0) throw new LineError(`${label} is empty`);
  const decimal = parseDecimal(value, context.decimal);
  if (decimal === null) throw new LineError(`${label} is not a number: ${quoteCell(value)}`);
  return decimal;
}

/** A count (streams, units): blank is `fallback`; may be negative (chargebacks). */
export function readQuantity(
  value: string,
  label: string,
  context: ReadContext,
  fallback: number | null,
): number | null {
  if (value.length === 0) return fallback;
  const decimal = parseDecimal(value, context.decimal);
  if (decimal === null) throw new LineError(`${label} is not a number: ${quoteCell(value)}`);
  return Number(decimal);
}

/** A statement holds few distinct dates on many lines: each is read once. */
const monthCache = new Map<string, string | null>();

function readMonthOnce(value: string, order: SlashOrder | undefined): string | null {
  const key = `${order ?? ''}|${value}`;
  let month = monthCache.get(key);
  if (month === undefined) {
    month = parseMonth(value, order) ?? parseMonth(firstDateOfRange(value), order);
    if (monthCache.size > 10_000) monthCache.clear();
    monthCache.set(key, month);
  }
  return month;
}

export function requireMonth(value: string, label: string, order?: SlashOrder): string {
  if (value.length === 0) throw new LineError(`${label} is empty`);
  const month = readMonthOnce(value, order);
  if (month === null) throw new LineError(`${label} is not a date: ${quoteCell(value)}`);
  return month;
}

export function readOptionalMonth(value: string, label: string, order?: SlashOrder) {
  return value.length === 0 ? null : requireMonth(value, label, order);
}

export function requireDay(value: string, label: string): string {
  if (value.length === 0) throw new LineError(`${label} is empty`);
  const day = parseDay(value);
  if (day === null) throw new LineError(`${label} is not a date: ${quoteCell(value)}`);
  return day;
}

/** `2023-06-01 - 2023-06-30`, `Jun 2023 to Aug 2023`: the period's first date. */
function firstDateOfRange(value: string): string {
  return value.split(/\s+(?:-|–|to)\s+/)[0] ?? value;
}

/** A track line's ISRC: required, normalised. */
export function requireIsrc(value: string): string {
  if (value.length === 0) throw new LineError('ISRC is empty on a track line');
  const isrc = normalizeIsrc(value);
  if (isrc === null) {
    throw new LineError(
      `ISRC is not valid: ${quoteCell(value)} (an ISRC has 12 characters, like US-S1Z-24-00001)`,
    );
  }
  return isrc;
}

export function requireCurrency(value: string, label = 'Currency'): string {
  const code = value.trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(code)) {
    throw new LineError(
      code.length === 0
        ? `${label} is empty`
        : `${label} is not a 3-letter currency code: ${quoteCell(value)}`,
    );
  }
  return code;
}

export function emptyToNull(value: string): string | null {
  return value.length === 0 ? null : value;
}
