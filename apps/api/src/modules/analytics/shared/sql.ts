import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { roundToCents } from '../calculations/rounding';

/** `column = any($values)`: one array parameter, so the statement's text is the same for any count. */
export const isAnyOf = (column: AnyPgColumn, values: string) =>
  sql`${column} = any(${sql.placeholder(values)})`;

/** A `timestamptz` read as the database's text (as Drizzle reads it, then turns into a Date). */
export const toDate = (value: string) => new Date(value);

export const toRevenue = (value: string | number | null) =>
  value === null ? null : roundToCents(Number(value));
