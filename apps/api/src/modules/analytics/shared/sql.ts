import { and, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { analyticsAccounts } from '../../../db/schema';
import { roundToCents } from '../calculations/rounding';

/** `column = any($values)`: one array parameter, so the statement's text is the same for any count. */
export const isAnyOf = (column: AnyPgColumn, values: string) =>
  sql`${column} = any(${sql.placeholder(values)})`;

/** A `timestamptz` read as the database's text (as Drizzle reads it, then turns into a Date). */
export const toDate = (value: string) => new Date(value);

export const toRevenue = (value: string | number | null) =>
  value === null ? null : roundToCents(Number(value));

/**
 * The join of a tenant row to its analytics account: on the organisation and the account, as
 * every key starts with the organisation (decision 0032). Joined on the account id alone, the
 * database could not use the accounts' key, and a distributed one could not keep the join on
 * one node.
 */
export const isOwnAccount = (row: { organizationId: AnyPgColumn; accountId: AnyPgColumn }) =>
  and(
    eq(analyticsAccounts.organizationId, row.organizationId),
    eq(analyticsAccounts.id, row.accountId),
  )!;
