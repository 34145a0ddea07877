import type { Connection, ConnectionProvider } from '@crescendo/contracts';
import { isSyncInProgress, isSyncPaused } from '@/lib/analytics/sync-progress';
import { formatLongDay } from '@/lib/format';

// The poll policy belongs to the one connections query (`@/lib/analytics/connections-query`).
export {
  getPollInterval,
  isSyncInProgress,
  isSyncPaused,
  PAUSED_POLL_INTERVAL_MS,
  SYNC_POLL_INTERVAL_MS,
} from '@/lib/analytics/sync-progress';

export function isConnectionProvider(value: string | null): value is ConnectionProvider {
  return value === 'youtube' || value === 'meta' || value === 'tiktok';
}

export type StatusView = {
  label: string;
  tone: 'success' | 'brand' | 'warning' | 'danger' | 'neutral';
};

export function describeStatus(connection: Connection): StatusView {
  if (connection.status === 'reconnect_needed')
    return { label: 'Reconnect needed', tone: 'warning' };
  if (connection.status === 'error') return { label: 'Sync error', tone: 'danger' };
  if (isSyncPaused(connection)) return { label: 'Paused', tone: 'warning' };
  if (isSyncInProgress(connection)) return { label: 'Syncing', tone: 'brand' };
  return { label: 'Connected', tone: 'success' };
}

// `formatDateTime` from `@/lib/format` would do too; kept as it was (the callback pages, which
// import this file, load that chunk anyway for their data provider).
const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Turns the API's step names into words for the progress line. */
export function describeSyncStep(step: string | null): string {
  if (!step) return 'Preparing';
  if (/^queued$/i.test(step)) return 'Queued — starting in a moment';
  const paused = /^Paused: (.+?) quota reached, resumes (.+)$/.exec(step);
  if (paused) {
    const resumesAt = new Date(paused[2] ?? '');
    const when = Number.isNaN(resumesAt.getTime()) ? 'later' : timeFormat.format(resumesAt);
    return `Paused: ${paused[1]} daily limit reached — resumes ${when}`;
  }
  const through = /^Daily (metrics|insights) through (\d{4}-\d{2}-\d{2})$/.exec(step);
  if (through) return `Daily stats through ${formatLongDay(through[2] ?? null)}`;
  if (step === 'Audience') return 'Reading your audience';
  return step;
}

const percentFormat = new Intl.NumberFormat(undefined, { style: 'percent' });

export function formatPercent(percent: number): string {
  return percentFormat.format(percent / 100);
}
