import type { ContentRow } from '@crescendo/contracts';
import { ExternalLink, Music } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ContentThumbnail, Missing } from '@/components/analytics/content-columns';
import type { DataColumn } from '@/components/analytics/data-table';
import { buildSongHref } from '@/config/paths';
import { cn } from '@/lib/cn';
import {
  contentKindLabels,
  formatCompactNumber,
  formatDate,
  formatFullNumber,
  formatShare,
} from '@/lib/format';
import type { ContentType } from '../api/get-content';
import { formatWatchHours, platformNames } from '../../shared/components/dashboard-format';

/* The columns of /dashboard/content's table (the shared DataTable draws them). */

// ── Formatting ──────────────────────────────────────────────────────────────

const minutesFormat = new Intl.NumberFormat(undefined, {
  style: 'unit',
  unit: 'minute',
  unitDisplay: 'short',
  maximumFractionDigits: 0,
});

function formatCount(value: number | null): ReactNode {
  if (value === null) return <Missing />;
  return <span title={formatFullNumber(value)}>{formatCompactNumber(value)}</span>;
}

/** Watch time arrives in minutes; long totals read better in hours. */
function formatWatchTime(minutes: number | null): ReactNode {
  if (minutes === null) return <Missing />;
  return minutes < 60 ? minutesFormat.format(minutes) : formatWatchHours(minutes);
}

const platformDots: Record<ContentRow['platform'], string> = {
  youtube: 'bg-red-600',
  instagram: 'bg-pink-600',
  facebook: 'bg-blue-600',
  tiktok: 'bg-zinc-900 dark:bg-zinc-100',
};
export const typeLabels: Record<ContentType, string> = { all: 'All types', ...contentKindLabels };

const typeLabel = (type: string) =>
  typeLabels[type as ContentType] ?? type.charAt(0).toUpperCase() + type.slice(1);

// ── Table ───────────────────────────────────────────────────────────────────

/** The thumbnail, then the title linking out to the platform, and where and as what it was published. */
function TitleCell({ row }: { row: ContentRow }) {
  return (
    <div className="flex min-w-0 items-start gap-3">
      <ContentThumbnail url={row.thumbnailUrl} className="mt-0.5 hidden sm:block" />
      <TitleText row={row} />
    </div>
  );
}

function TitleText({ row }: { row: ContentRow }) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      {row.permalink ? (
        <a
          href={row.permalink}
          target="_blank"
          rel="noreferrer noopener"
          className="group inline-flex items-start gap-1 font-medium text-zinc-900 underline-offset-2 hover:text-brand-700 hover:underline focus-visible:underline dark:text-zinc-100 dark:hover:text-brand-300"
        >
          <span className="line-clamp-2">{row.title}</span>
          <ExternalLink
            className="mt-0.5 h-3.5 w-3.5 shrink-0 opacity-60 group-hover:opacity-100"
            aria-hidden="true"
          />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      ) : (
        <span className="line-clamp-2 font-medium">{row.title}</span>
      )}
      <span className="inline-flex items-center gap-1.5 text-xs whitespace-nowrap text-zinc-600 dark:text-zinc-400">
        <span
          className={cn('h-2 w-2 rounded-full', platformDots[row.platform])}
          aria-hidden="true"
        />
        <span data-field="platform">{platformNames[row.platform]}</span>
        <span aria-hidden="true">·</span>
        <span data-field="type">{typeLabel(row.type)}</span>
        {row.figures === 'lifetime' ? (
          <>
            <span aria-hidden="true">·</span>
            <span
              data-field="figures"
              title={`${platformNames[row.platform]} reports this item's figures over its whole life, not per day: they are in the lifetime column, not the period's`}
            >
              Lifetime figures only
            </span>
          </>
        ) : null}
      </span>
      {row.song ? (
        <Link
          to={buildSongHref(row.song.isrc)}
          data-field="song"
          aria-label={`Song: ${row.song.title}`}
          className="inline-flex items-center gap-1 text-xs text-brand-700 underline-offset-2 hover:underline focus-visible:underline dark:text-brand-300"
        >
          <Music className="h-3 w-3 shrink-0" aria-hidden="true" />
          <span className="line-clamp-1">{row.song.title}</span>
        </Link>
      ) : null}
    </div>
  );
}

export const contentColumns: DataColumn<ContentRow>[] = [
  { id: 'title', header: 'Title', sortKey: 'title', cell: (row) => <TitleCell row={row} /> },
  {
    id: 'published',
    header: 'Published',
    sortKey: 'publishedAt',
    cell: (row) => <time dateTime={row.publishedAt}>{formatDate(row.publishedAt)}</time>,
  },
  {
    id: 'views',
    header: 'Views',
    sortKey: 'views',
    align: 'right',
    cell: (row) => formatCount(row.views),
  },
  {
    id: 'watch',
    header: 'Watch time',
    sortKey: 'watchMinutes',
    align: 'right',
    cell: (row) => formatWatchTime(row.watchMinutes),
  },
  {
    id: 'likes',
    header: 'Likes',
    sortKey: 'likes',
    align: 'right',
    cell: (row) => formatCount(row.likes),
  },
  {
    id: 'comments',
    header: 'Comments',
    sortKey: 'comments',
    align: 'right',
    cell: (row) => formatCount(row.comments),
    // Counted in the engagement rate; hidden at first so the thumbnail, title and the key
    // figures fit a 1280 px screen without a sideways scroll (the column chooser brings it back).
    isHiddenByDefault: true,
  },
  {
    id: 'shares',
    header: 'Shares',
    sortKey: 'shares',
    align: 'right',
    isHiddenByDefault: true,
    cell: (row) => formatCount(row.shares),
  },
  {
    id: 'saves',
    header: 'Saves',
    sortKey: 'saves',
    align: 'right',
    isHiddenByDefault: true,
    cell: (row) => formatCount(row.saves),
  },
  {
    id: 'engagement',
    header: 'Engagement rate',
    sortKey: 'engagementRate',
    align: 'right',
    // Hidden at first so "Lifetime views" fits a 1280 px screen; the column chooser brings it back.
    isHiddenByDefault: true,
    cell: (row) => (row.engagementRate === null ? <Missing /> : formatShare(row.engagementRate)),
  },
  {
    id: 'followers',
    header: 'Followers gained',
    sortKey: 'followersGained',
    align: 'right',
    cell: (row) => formatCount(row.followersGained),
  },
  // Instagram and Facebook give lifetime counters only: in their own column, sorted apart.
  {
    id: 'lifetimeViews',
    header: 'Lifetime views',
    sortKey: 'lifetimeViews',
    align: 'right',
    cell: (row) => formatCount(row.lifetime?.views ?? null),
  },
];
