import type { Import, ImportStatus } from '@crescendo/contracts';
// The plain words and limits, without the schemas (zod) the package's index brings.
import {
  importFormatLabels,
  importSourceLabels,
  maxImportFileBytes,
} from '@crescendo/contracts/import-labels';
import { formatFullNumber, formatLongDay } from '@/lib/format';
import { formatMoney } from '@/lib/money';

export { importFormatLabels, importSourceLabels };

export const statusLabels: Record<ImportStatus, string> = {
  queued: 'Waiting to be read',
  processing: 'Reading',
  done: 'Imported',
  failed: 'Failed',
};

export const statusTones = {
  queued: 'neutral',
  processing: 'brand',
  done: 'success',
  failed: 'danger',
} as const;

/** "100 MB": the limit as the page says it. */
export const maxFileSizeLabel = `${Math.round(maxImportFileBytes / (1024 * 1024))} MB`;

/** "2.4 MB", "812 KB". */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/** The refusal said next to a file too big to send (it is never read). */
export function describeTooLarge(file: Pick<File, 'name' | 'size'>): string {
  return `${file.name} is ${formatFileSize(file.size)}: files up to ${maxFileSizeLabel} can be imported. Split the statement by period and upload the parts.`;
}

const shortMonth = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const formatShortMonth = (day: string) =>
  shortMonth.format(new Date(`${day.slice(0, 7)}-01T00:00:00Z`));

/** "Jan 2026 – Mar 2026" for statements, "Jan 1, 2026 – Mar 31, 2026" for daily exports. */
export function describePeriod(period: Import['period']): string {
  if (!period) return '—';
  if (period.granularity === 'month') {
    const from = formatShortMonth(period.from);
    const to = formatShortMonth(period.to);
    return from === to ? from : `${from} – ${to}`;
  }
  return period.from === period.to
    ? formatLongDay(period.from)
    : `${formatLongDay(period.from)} – ${formatLongDay(period.to)}`;
}

/** "1,204 streams and sales · $312.40" (each currency apart; never converted). */
export function describeTotals(item: Pick<Import, 'totals' | 'source'>): string {
  const units = item.source === 'spotify' ? 'streams' : 'units';
  const quantity = `${formatFullNumber(item.totals.quantity)} ${units}`;
  const money = item.totals.earnings.map((earning) =>
    formatMoney(earning.amount, earning.currency),
  );
  return [quantity, ...money].join(' · ');
}
