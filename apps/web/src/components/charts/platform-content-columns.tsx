import type { ContentItem } from '@crescendo/contracts';
import { Badge } from '@/components/ui/badge';
import { contentKindLabels, formatCompactNumber, formatDate, formatFullNumber } from '@/lib/format';
import type { PlatformColumn } from './platform-data-table';

// Columns and cells the platforms' content tables (`PlatformDataTable`) share.

/**
 * The item's title as the button that opens its details (the row's keyboard target), with its
 * kind and, on small screens, its date. `onOpen` gets the button so focus can return to it.
 */
export function contentTitleColumn(
  header: string,
  onOpen: (item: ContentItem, opener: HTMLElement) => void,
): PlatformColumn<ContentItem> {
  return {
    id: 'title',
    header,
    sortKey: 'title',
    cell: (item) => (
      <div className="flex min-w-0 flex-col gap-1">
        <button
          type="button"
          onClick={(event) => {
            event.stopPropagation();
            onOpen(item, event.currentTarget);
          }}
          className="line-clamp-2 max-w-[22rem] min-w-[10rem] rounded text-left font-medium text-zinc-900 hover:text-brand-700 hover:underline dark:text-zinc-100 dark:hover:text-brand-300"
        >
          {item.title}
        </button>
        <span className="flex flex-wrap items-center gap-2 text-xs text-zinc-600 dark:text-zinc-400">
          <Badge className="px-2 py-0">{contentKindLabels[item.kind]}</Badge>
          <span className="md:hidden">{formatDate(item.publishedAt)}</span>
        </span>
      </div>
    ),
  };
}

export const publishedColumn: PlatformColumn<ContentItem> = {
  id: 'publishedAt',
  header: 'Published',
  sortKey: 'publishedAt',
  className: 'hidden md:table-cell whitespace-nowrap',
  cell: (item) => (
    <time dateTime={item.publishedAt} className="text-zinc-700 dark:text-zinc-300">
      {formatDate(item.publishedAt)}
    </time>
  ),
};

/** A compact count ("1.2K") with the exact figure, or that it was not reported, on hover. */
export function CompactCount({ value, noun }: { value: number | null; noun: string }) {
  return (
    <span title={value === null ? `${noun} not reported` : `${formatFullNumber(value)} ${noun}`}>
      {formatCompactNumber(value)}
    </span>
  );
}
