import type { ReportRow } from '../providers';
import { replaceAudienceSnapshots, type AudienceValues } from '../analytics';
import { addDays } from './days';
import type { SyncContext } from './sync-context';

/**
 * The analytics periods (7, 28, 90 and 365 days) ending on the last complete day, each clipped to
 * the first synced day as the dashboard clips its range: YouTube reports audience for any window,
 * so the audience page shows the period the artist picked.
 */
export const audienceSpans = [7, 28, 90, 365] as const;

export type AudienceWindow = { periodLabel: string; periodStart: string; periodEnd: string };

export function audienceWindows(lastDataDay: string, firstDay: string): AudienceWindow[] {
  const windows: AudienceWindow[] = [];
  for (const days of audienceSpans) {
    const start = addDays(lastDataDay, -(days - 1));
    const periodStart = start < firstDay ? firstDay : start;
    // A clipped window the same as a shorter one's is asked once.
    if (windows.some((window) => window.periodStart === periodStart)) continue;
    windows.push({ periodLabel: `last_${days}_days`, periodStart, periodEnd: lastDataDay });
  }
  return windows;
}

type Query = (
  dimensions: string[],
  metrics: string[],
  window: { periodStart: string; periodEnd: string },
) => Promise<ReportRow[]>;

const number = (value: ReportRow[string]) => (value === null ? null : Number(value));

async function readWindow(
  query: Query,
  window: AudienceWindow,
  base: Omit<AudienceValues, 'dimension' | 'value' | 'periodLabel' | 'periodStart' | 'periodEnd'>,
) {
  // Age and gender shares come from their own reports: summing the age × gender cells, each
  // rounded to 0.1 %, is off by up to 0.2 points from what YouTube reports for each.
  const [demographics, ages, genders, countries, devices, traffic] = await Promise.all([
    query(['ageGroup', 'gender'], ['viewerPercentage'], window),
    query(['ageGroup'], ['viewerPercentage'], window),
    query(['gender'], ['viewerPercentage'], window),
    query(['country'], ['views', 'estimatedMinutesWatched'], window),
    query(['deviceType'], ['views', 'estimatedMinutesWatched'], window),
    query(['insightTrafficSourceType'], ['views', 'estimatedMinutesWatched'], window),
  ]);
  const snapshot = { ...base, ...window };
  const counted = (dimension: AudienceValues['dimension'], rows: ReportRow[], key: string) =>
    rows.map((row): AudienceValues => ({
      ...snapshot,
      dimension,
      value: String(row[key]),
      views: number(row.views ?? null),
      watchMinutes: number(row.estimatedMinutesWatched ?? null),
    }));
  // Small channels get no demographic rows: the snapshot stays empty (withheld), never zeros.
  const shares = (
    dimension: AudienceValues['dimension'],
    rows: ReportRow[],
    keyOf: (row: ReportRow) => string,
  ) => {
    const totals = new Map<string, number>();
    for (const row of rows) {
      const key = keyOf(row);
      totals.set(key, (totals.get(key) ?? 0) + Number(row.viewerPercentage ?? 0));
    }
    return [...totals].map(([value, percentage]): AudienceValues => ({
      ...snapshot,
      dimension,
      value,
      percentage: Math.round(percentage * 10) / 10,
    }));
  };
  return [
    shares('age_gender', demographics, (row) => `${String(row.ageGroup)}|${String(row.gender)}`),
    shares('age', ages, (row) => String(row.ageGroup)),
    shares('gender', genders, (row) => String(row.gender)),
    counted('country', countries, 'country'),
    counted('device', devices, 'deviceType'),
    counted('traffic_source', traffic, 'insightTrafficSourceType'),
  ] as const;
}

const dimensionsInOrder = [
  'age_gender',
  'age',
  'gender',
  'country',
  'device',
  'traffic_source',
] as const;

/** Every window's audience, plus the 28 days before the last 28 for "fastest-growing countries". */
export async function syncYouTubeAudience(
  context: SyncContext,
  query: Query,
  accountId: string,
  window: { lastDataDay: string; firstDay: string },
): Promise<void> {
  const { db, connection } = context;
  const base = { accountId, organizationId: connection.organizationId };
  const windows = audienceWindows(window.lastDataDay, window.firstDay);
  const last28Start = addDays(window.lastDataDay, -27);
  const previous: AudienceWindow = {
    periodLabel: 'previous_28_days',
    periodStart: addDays(last28Start, -28),
    periodEnd: addDays(last28Start, -1),
  };
  const [snapshots, previousCountries] = await Promise.all([
    Promise.all(windows.map((entry) => readWindow(query, entry, base))),
    query(['country'], ['views', 'estimatedMinutesWatched'], previous),
  ]);
  await replaceAudienceSnapshots(db, base, [
    ...windows.flatMap((entry, index) =>
      dimensionsInOrder.map((dimension, position) => ({
        dimension,
        periodLabel: entry.periodLabel,
        rows: snapshots[index]![position]!,
      })),
    ),
    {
      dimension: 'country',
      periodLabel: previous.periodLabel,
      rows: previousCountries.map((row): AudienceValues => ({
        ...base,
        ...previous,
        dimension: 'country',
        value: String(row.country),
        views: number(row.views ?? null),
        watchMinutes: number(row.estimatedMinutesWatched ?? null),
      })),
    },
  ]);
}
