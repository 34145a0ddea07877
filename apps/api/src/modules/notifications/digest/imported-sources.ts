import { and, between, desc, eq, lte, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { organizations, spotifyAudienceDays, statementLines } from '../../../db/schema';
import { addDays } from '../../../lib/days';

/*
 * The imported sources' figures for a digest, read from the tables the imports module fills
 * (`spotify_audience_days`, `statement_lines`). Each answers null while it holds nothing for the
 * period, so the digest leaves that source out.
 */

export type SpotifyWeek = {
  streams: number | null;
  previousStreams: number | null;
  listeners: number | null;
  followers: number | null;
};

/** Spotify streams summed over the week and the week before (days the imports hold). */
export async function readSpotifyWeek(
  db: Database,
  organizationId: string,
  range: { from: string; to: string; previous: { from: string; to: string } | null },
): Promise<SpotifyWeek | null> {
  const previousFrom = range.previous?.from ?? addDays(range.from, -7);
  const previousTo = range.previous?.to ?? addDays(range.from, -1);
  const [row] = await db
    .select({
      currentDays: sql<number>`count(*) filter (where ${spotifyAudienceDays.day} >= ${range.from})::int`,
      streams: sql<
        string | null
      >`sum(${spotifyAudienceDays.streams}) filter (where ${spotifyAudienceDays.day} >= ${range.from})`,
      previousDays: sql<number>`count(*) filter (where ${spotifyAudienceDays.day} <= ${previousTo})::int`,
      previousStreams: sql<
        string | null
      >`sum(${spotifyAudienceDays.streams}) filter (where ${spotifyAudienceDays.day} <= ${previousTo})`,
      listeners: sql<
        number | null
      >`(array_agg(${spotifyAudienceDays.listeners} order by ${spotifyAudienceDays.day} desc) filter (where ${spotifyAudienceDays.day} >= ${range.from}))[1]`,
      followers: sql<
        number | null
      >`(array_agg(${spotifyAudienceDays.followers} order by ${spotifyAudienceDays.day} desc) filter (where ${spotifyAudienceDays.day} >= ${range.from}))[1]`,
    })
    .from(spotifyAudienceDays)
    .where(
      and(
        eq(spotifyAudienceDays.organizationId, organizationId),
        between(spotifyAudienceDays.day, previousFrom, range.to),
      ),
    );
  if (!row || Number(row.currentDays) === 0) return null;
  return {
    streams: row.streams === null ? null : Number(row.streams),
    previousStreams:
      Number(row.previousDays) === 0 || row.previousStreams === null
        ? null
        : Number(row.previousStreams),
    listeners: row.listeners === null ? null : Number(row.listeners),
    followers: row.followers === null ? null : Number(row.followers),
  };
}

export type StatementMonth = {
  month: string;
  earnings: number;
  previousMonth: string;
  previousEarnings: number | null;
  currency: string;
};

/**
 * Statement revenue of the latest sale month on or before the week's end, in the organisation's
 * currency (lines in other currencies are not converted, so they are left out), and the month
 * before it.
 */
export async function readLatestStatementMonth(
  db: Database,
  organizationId: string,
  through: string,
): Promise<StatementMonth | null> {
  const [latest] = await db
    .select({ month: statementLines.saleMonth })
    .from(statementLines)
    .where(
      and(
        eq(statementLines.organizationId, organizationId),
        eq(statementLines.isAccountCurrency, true),
        lte(statementLines.saleMonth, through),
      ),
    )
    .orderBy(desc(statementLines.saleMonth))
    .limit(1);
  if (!latest) return null;
  const month = latest.month.slice(0, 10);
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const previousMonth = new Date(Date.UTC(year, monthNumber - 2, 1)).toISOString().slice(0, 10);
  const [row] = await db
    .select({
      earnings: sql<
        string | null
      >`sum(${statementLines.earnings}) filter (where ${statementLines.saleMonth} = ${month})`,
      previousEarnings: sql<
        string | null
      >`sum(${statementLines.earnings}) filter (where ${statementLines.saleMonth} = ${previousMonth})`,
      currency: sql<string>`max(${organizations.currency})`,
    })
    .from(statementLines)
    .innerJoin(organizations, eq(organizations.id, statementLines.organizationId))
    .where(
      and(
        eq(statementLines.organizationId, organizationId),
        eq(statementLines.isAccountCurrency, true),
        between(statementLines.saleMonth, previousMonth, month),
      ),
    );
  return {
    month,
    earnings: Number(row?.earnings ?? 0),
    previousMonth,
    previousEarnings: row?.previousEarnings === null || !row ? null : Number(row.previousEarnings),
    currency: row?.currency ?? 'USD',
  };
}
