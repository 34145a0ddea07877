import type { ContentItem } from '@crescendo/contracts';
import { ExternalLink } from 'lucide-react';
import type { RefObject } from 'react';
import {
  formatDate,
  formatDuration,
  formatFullNumber,
  formatWatchHours,
  MISSING_VALUE,
} from '@/components/charts/platform-format';
import { PlatformSkeleton } from '@/components/charts/platform-skeleton';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { useChannelVideo } from '../api/list-channel-videos';
import { kindLabels } from './youtube-labels';

function Stat({ label, value }: { label: string; value: string }) {
  const isMissing = value === MISSING_VALUE;
  return (
    <div className="rounded-xl border border-zinc-200 p-3 dark:border-zinc-800">
      <dt className="text-xs font-medium text-zinc-600 dark:text-zinc-400">{label}</dt>
      <dd className="mt-1 text-lg font-semibold tabular-nums">
        {isMissing ? (
          <>
            <span aria-hidden="true" className="text-zinc-500">
              {MISSING_VALUE}
            </span>
            <span className="sr-only">Not available</span>
          </>
        ) : (
          value
        )}
      </dd>
    </div>
  );
}

function averageViewDuration(item: ContentItem): string {
  const { views, watchMinutes } = item.stats;
  if (views === null || watchMinutes === null || views === 0) return MISSING_VALUE;
  return formatDuration((watchMinutes * 60) / views);
}

function VideoDetails({ item }: { item: ContentItem }) {
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
        <Badge>{kindLabels[item.kind]}</Badge>
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
        <Stat label="Views" value={formatFullNumber(item.stats.views)} />
        <Stat label="Watch time" value={formatWatchHours(item.stats.watchMinutes)} />
        <Stat label="Avg. view duration" value={averageViewDuration(item)} />
        <Stat label="Likes" value={formatFullNumber(item.stats.likes)} />
        <Stat label="Comments" value={formatFullNumber(item.stats.comments)} />
        <Stat label="Shares" value={formatFullNumber(item.stats.shares)} />
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
  videoId,
  pageItems,
  isPageReady,
  onClose,
  returnFocusRef,
}: {
  connectionId: string;
  videoId: string | null;
  pageItems: ContentItem[];
  isPageReady: boolean;
  onClose: () => void;
  returnFocusRef?: RefObject<HTMLElement | null>;
}) {
  const onPage = videoId ? (pageItems.find((item) => item.id === videoId) ?? null) : null;
  const lookup = useChannelVideo(connectionId, videoId, isPageReady && onPage === null);
  const item = onPage ?? lookup.data ?? null;
  const isLooking = !item && (!isPageReady || lookup.isPending);
  const title = item ? item.title : isLooking ? 'Loading video…' : 'Video not found';

  return (
    <Dialog open={videoId !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        title={title}
        className="max-w-xl"
        onCloseAutoFocus={(event) => {
          const opener = returnFocusRef?.current;
          if (opener?.isConnected) {
            event.preventDefault();
            opener.focus();
          }
        }}
      >
        {item ? (
          <VideoDetails item={item} />
        ) : isLooking ? (
          <div className="flex flex-col gap-3" aria-busy="true">
            <PlatformSkeleton className="h-4 w-48" />
            <div className="grid grid-cols-3 gap-3">
              <PlatformSkeleton className="h-16" />
              <PlatformSkeleton className="h-16" />
              <PlatformSkeleton className="h-16" />
            </div>
          </div>
        ) : (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            {lookup.isError
              ? 'We couldn’t load this video right now. Close this and try again in a moment.'
              : 'This video is no longer on your channel, or the link is out of date.'}
          </p>
        )}
      </DialogContent>
    </Dialog>
  );
}
