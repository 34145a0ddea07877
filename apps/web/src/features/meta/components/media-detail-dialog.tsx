import type { ContentItem } from '@crescendo/contracts';
import { ExternalLink } from 'lucide-react';
import { PlatformDetailStat, PlatformItemDialog } from '@/components/charts/platform-item-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { contentKindLabels, formatDate, formatDuration, formatFullNumber } from '@/lib/format';
import { useConnectionContentItem } from '@/lib/analytics/connection-content';
import type { ContentDialogProps } from '@/components/analytics/platform-content-table';

function MediaDetails({ item }: { item: ContentItem }) {
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
        {item.durationSeconds !== null ? (
          <>
            <span aria-hidden="true">·</span>
            <span>
              Length{' '}
              <span className="font-medium text-zinc-900 dark:text-zinc-100">
                {formatDuration(item.durationSeconds)}
              </span>
            </span>
          </>
        ) : null}
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <PlatformDetailStat label="Views" value={formatFullNumber(item.stats.views)} />
        <PlatformDetailStat label="Reach" value={formatFullNumber(item.stats.reach)} />
        <PlatformDetailStat label="Likes" value={formatFullNumber(item.stats.likes)} />
        <PlatformDetailStat label="Comments" value={formatFullNumber(item.stats.comments)} />
        <PlatformDetailStat label="Saves" value={formatFullNumber(item.stats.saves)} />
        <PlatformDetailStat label="Shares" value={formatFullNumber(item.stats.shares)} />
      </dl>
      {item.permalink ? (
        <Button asChild variant="secondary" className="self-start">
          <a href={item.permalink} target="_blank" rel="noopener noreferrer">
            <ExternalLink className="h-4 w-4" aria-hidden="true" /> Open on{' '}
            {item.platform === 'facebook' ? 'Facebook' : 'Instagram'}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </Button>
      ) : null}
    </div>
  );
}

/** The post named by `?media=<id>`, from the visible page or, for a shared link, looked up. */
export function MediaDetailDialog({
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
  const title = item ? item.title : isLooking ? 'Loading post…' : 'Post not found';

  return (
    <PlatformItemDialog
      isOpen={itemId !== null}
      title={title}
      isLoading={isLooking}
      unavailableMessage={
        lookup.isError
          ? 'We couldn’t load this post right now. Close this and try again in a moment.'
          : 'This post is no longer on your account, or the link is out of date.'
      }
      onClose={onClose}
      returnFocusRef={returnFocusRef}
    >
      {item ? <MediaDetails item={item} /> : null}
    </PlatformItemDialog>
  );
}
