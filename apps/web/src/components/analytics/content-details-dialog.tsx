import type { ContentItem } from '@crescendo/contracts';
import { ExternalLink } from 'lucide-react';
import type { RefObject } from 'react';
import { PlatformDetailStat, PlatformItemDialog } from '@/components/charts/platform-item-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useConnectionContentItem } from '@/lib/analytics/connection-content';
import { contentKindLabels, formatDate, formatDuration } from '@/lib/format';

/** The details dialog of one platform's items (a video, a post), opened by `?<itemParam>=`. */
export type ContentDialogProps = {
  connectionId: string;
  itemId: string | null;
  pageItems: ContentItem[];
  isPageReady: boolean;
  onClose: () => void;
  returnFocusRef?: RefObject<HTMLElement | null>;
};

/** What differs between a video's details and a post's: nouns, figures and the link. */
export type ContentDetailsConfig = {
  /** "video", "post": in the dialog's title while loading or when not found. */
  noun: string;
  /** "your channel", "your account": where a missing item no longer is. */
  owner: string;
  /** An item without a known length: says so, or leaves the length out. */
  missingLength: 'say' | 'hide';
  /** The figures in the details' grid, in order. */
  stats: (item: ContentItem) => { label: string; value: string }[];
  /** The permalink's label: "Watch on YouTube", "Open on Instagram". */
  linkLabel: (item: ContentItem) => string;
};

function ContentDetails({ config, item }: { config: ContentDetailsConfig; item: ContentItem }) {
  const hasLength = item.durationSeconds !== null || config.missingLength === 'say';
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
        {hasLength ? (
          <>
            <span aria-hidden="true">·</span>
            <span>
              Length{' '}
              <span className="font-medium text-zinc-900 dark:text-zinc-100">
                {item.durationSeconds === null
                  ? 'Not available'
                  : formatDuration(item.durationSeconds)}
              </span>
            </span>
          </>
        ) : null}
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {config.stats(item).map((stat) => (
          <PlatformDetailStat key={stat.label} label={stat.label} value={stat.value} />
        ))}
      </dl>
      {item.permalink ? (
        <Button asChild variant="secondary" className="self-start">
          <a href={item.permalink} target="_blank" rel="noopener noreferrer">
            <ExternalLink className="h-4 w-4" aria-hidden="true" /> {config.linkLabel(item)}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </Button>
      ) : null}
    </div>
  );
}

/**
 * The item named by the table's `?<itemParam>=<id>`. Usually it is on the visible page; a shared
 * link may point at one that is not, which is then looked up.
 */
export function ContentDetailsDialog({
  config,
  connectionId,
  itemId,
  pageItems,
  isPageReady,
  onClose,
  returnFocusRef,
}: ContentDialogProps & { config: ContentDetailsConfig }) {
  const onPage = itemId ? (pageItems.find((item) => item.id === itemId) ?? null) : null;
  const lookup = useConnectionContentItem(connectionId, itemId, isPageReady && onPage === null);
  const item = onPage ?? lookup.data ?? null;
  const isLooking = !item && (!isPageReady || lookup.isPending);
  const { noun } = config;
  const capitalNoun = noun.charAt(0).toUpperCase() + noun.slice(1);
  const title = item ? item.title : isLooking ? `Loading ${noun}…` : `${capitalNoun} not found`;

  return (
    <PlatformItemDialog
      isOpen={itemId !== null}
      title={title}
      isLoading={isLooking}
      unavailableMessage={
        lookup.isError
          ? `We couldn’t load this ${noun} right now. Close this and try again in a moment.`
          : `This ${noun} is no longer on ${config.owner}, or the link is out of date.`
      }
      onClose={onClose}
      returnFocusRef={returnFocusRef}
    >
      {item ? <ContentDetails config={config} item={item} /> : null}
    </PlatformItemDialog>
  );
}
