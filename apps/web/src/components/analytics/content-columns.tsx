import type { ContentItem } from '@crescendo/contracts';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { contentKindLabels, formatCompactNumber, formatDate, formatFullNumber } from '@/lib/format';
import type { DataColumn } from './data-table';

// Cells and columns the analytics content tables share.

/** "—" for a figure the platform did not report: never shown as 0. */
export function Missing() {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">Not available</span>
    </>
  );
}

/** A compact count ("1.2K") with the exact figure, or that it was not reported, on hover. */
export function CompactCount({ value, noun }: { value: number | null; noun: string }) {
  if (value === null) return <Missing />;
  return <span title={`${formatFullNumber(value)} ${noun}`}>{formatCompactNumber(value)}</span>;
}

/**
 * The item's thumbnail where the platform gives one, a neutral tile otherwise — also when the
 * image cannot load (offline, an expired platform URL), so no broken-image icon shows.
 */
export function ContentThumbnail({ url, className }: { url: string | null; className?: string }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  return url && failedUrl !== url ? (
    <img
      src={url}
      alt=""
      onError={() => setFailedUrl(url)}
      loading="lazy"
      className={cn(
        'h-9 w-16 shrink-0 rounded-md bg-zinc-100 object-cover dark:bg-zinc-800',
        className,
      )}
    />
  ) : (
    <span
      aria-hidden="true"
      className={cn('h-9 w-16 shrink-0 rounded-md bg-zinc-100 dark:bg-zinc-800', className)}
    />
  );
}

/**
 * The item's thumbnail and title, the title being the button that opens its details (the row's
 * keyboard target), with its kind and date. `onOpen` gets the button so focus can return to it.
 */
export function contentTitleColumn(
  header: string,
  onOpen: (item: ContentItem, opener: HTMLElement) => void,
): DataColumn<ContentItem> {
  return {
    id: 'title',
    header,
    sortKey: 'title',
    cell: (item) => (
      // Wide figure headers ("Comments (lifetime)") would squeeze titles to a word: the title
      // keeps room for two lines and the table scrolls sideways instead.
      <div className="flex min-w-[15rem] items-center gap-3">
        <ContentThumbnail url={item.thumbnailUrl} />
        <div className="flex min-w-0 flex-col gap-1">
          <button
            type="button"
            onClick={(event) => {
              event.stopPropagation();
              onOpen(item, event.currentTarget);
            }}
            className="line-clamp-2 rounded text-left font-medium text-zinc-900 hover:text-brand-700 hover:underline dark:text-zinc-100 dark:hover:text-brand-300"
          >
            {item.title}
          </button>
          <span className="flex flex-wrap items-center gap-2 text-xs text-zinc-600 dark:text-zinc-400">
            <Badge className="px-2 py-0">{contentKindLabels[item.kind]}</Badge>
          </span>
        </div>
      </div>
    ),
  };
}

export const publishedColumn: DataColumn<ContentItem> = {
  id: 'publishedAt',
  header: 'Published',
  sortKey: 'publishedAt',
  cell: (item) => <time dateTime={item.publishedAt}>{formatDate(item.publishedAt)}</time>,
};

type CountStat = 'views' | 'reach' | 'likes' | 'comments' | 'shares' | 'saves';

/** A right-aligned, optionally sortable compact count read from the item by `read`. */
function compactCountColumn(
  id: CountStat,
  header: string,
  noun: string,
  isSortable: boolean,
  read: (item: ContentItem) => number | null,
): DataColumn<ContentItem> {
  return {
    id,
    header,
    ...(isSortable ? { sortKey: id } : {}),
    align: 'right',
    cell: (item) => <CompactCount value={read(item)} noun={noun} />,
  };
}

/**
 * A right-aligned compact count of one of the item's figures ("Views", "Likes"), sortable when
 * the API sorts by it; `noun` names the exact figure on hover ("1,234 views").
 */
export function countColumn(
  stat: CountStat,
  header: string,
  noun: string,
  { isSortable = false }: { isSortable?: boolean } = {},
): DataColumn<ContentItem> {
  return compactCountColumn(stat, header, noun, isSortable, (item) => item.stats[stat]);
}

type PeriodStat = Exclude<keyof NonNullable<ContentItem['period']>, 'watchMinutes'>;

/**
 * A count of the item's figures for the period the list was asked for (`item.period`, the sum of
 * its days in the platform's own window), never its lifetime counter: "—" when it has none.
 */
export function periodCountColumn(
  stat: PeriodStat,
  header: string,
  noun: string,
  { isSortable = false }: { isSortable?: boolean } = {},
): DataColumn<ContentItem> {
  return compactCountColumn(stat, header, noun, isSortable, (item) => item.period?.[stat] ?? null);
}
