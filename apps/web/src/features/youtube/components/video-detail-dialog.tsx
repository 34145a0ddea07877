import type { ContentItem } from '@crescendo/contracts';
import { ExternalLink } from 'lucide-react';
import { formatWatchHours } from '@/components/charts/platform-format';
import { PlatformDetailStat, PlatformItemDialog } from '@/components/charts/platform-item-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  contentKindLabels,
  formatDate,
  formatDuration,
  formatFullNumber,
  MISSING_VALUE,
} from '@/lib/format';
import { useConnectionContentItem } from '@/lib/analytics/connection-content';
import type { ContentDialogProps } from '@/components/analytics/platform-content-table';

function averageViewDuration(item: ContentItem): string {
  const { views, watchMinutes } = item.stats;
  if (views === null || watchMinutes === null || views === 0) return MISSING_VALUE;
  return formatDuration((watchMinutes * 60) / views);
}

function VideoDetails({ item }: { item: ContentItem }) {
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
        <Badge>{contentKindLabels[item.kind]}</Badge>
        <span>
          Published{' '}
          <time
            dateTime={item.publishedAt}
            className="font-medium text-zinc-900 dark:text-zinc-100"
          >
            {formatDate(item.publishedAt)}
          </time>
        </span>
        <span aria-hidden="true">·</span>
        <span>
          Length{' '}
          <span className="font-medium text-zinc-900 dark:text-zinc-100">
            {item.durationSeconds === null ? 'Not available' : formatDuration(item.durationSeconds)}
          </span>
        </span>
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <PlatformDetailStat label="Views" value={formatFullNumber(item.stats.views)} />
        <PlatformDetailStat label="Watch time" value={formatWatchHours(item.stats.watchMinutes)} />
        <PlatformDetailStat label="Avg. view duration" value={averageViewDuration(item)} />
        <PlatformDetailStat label="Likes" value={formatFullNumber(item.stats.likes)} />
        <PlatformDetailStat label="Comments" value={formatFullNumber(item.stats.comments)} />
        <PlatformDetailStat label="Shares" value={formatFullNumber(item.stats.shares)} />
      </dl>
      {item.permalink ? (
        <Button asChild variant="secondary" className="self-start">
          <a href={item.permalink} target="_blank" rel="noopener noreferrer">
            <ExternalLink className="h-4 w-4" aria-hidden="true" /> Watch on YouTube
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </Button>
      ) : null}
    </div>
  );
}

/**
 * The video named by `?video=<id>`. Usually it is on the visible page; a shared link may point
 * at one that is not, which is then looked up.
 */
export function VideoDetailDialog({
  connectionId,
  itemId,
  pageItems,
  isPageReady,
  onClose,
  returnFocusRef,
}: ContentDialogProps) {
  const onPage = itemId ? (pageItems.find((item) => item.id === itemId) ?? null) : null;
  const lookup = useConnectionContentItem(connectionId, itemId, isPageReady && onPage === null);
  const item = onPage ?? lookup.data ?? null;
  const isLooking = !item && (!isPageReady || lookup.isPending);
  const title = item ? item.title : isLooking ? 'Loading video…' : 'Video not found';

  return (
    <PlatformItemDialog
      isOpen={itemId !== null}
      title={title}
      isLoading={isLooking}
      unavailableMessage={
        lookup.isError
          ? 'We couldn’t load this video right now. Close this and try again in a moment.'
          : 'This video is no longer on your channel, or the link is out of date.'
      }
      onClose={onClose}
      returnFocusRef={returnFocusRef}
    >
      {item ? <VideoDetails item={item} /> : null}
    </PlatformItemDialog>
  );
}
