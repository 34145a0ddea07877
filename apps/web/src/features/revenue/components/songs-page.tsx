import type { SongSummary } from '@crescendo/contracts';
import { Music } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { AnalyticsPage } from '@/components/analytics/analytics-page';
import { DataTable, type DataColumn, type SortOrder } from '@/components/analytics/data-table';
import { AsyncErrorView } from '@/components/errors/async-error';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { buildSongHref, paths } from '@/config/paths';
import { formatFullNumber, formatLongDay } from '@/lib/format';
import { formatMoney } from '@/lib/money';
import { useSongs } from '../api/list-songs';

type SortKey = 'title' | 'streams' | 'earnings' | 'linked';

const sortValue: Record<Exclude<SortKey, 'title'>, (song: SongSummary) => number | null> = {
  streams: (song) => song.spotify?.streams ?? null,
  earnings: (song) => song.earnings,
  linked: (song) => song.linkedItems.length,
};

function sortSongs(songs: SongSummary[], key: SortKey, order: SortOrder): SongSummary[] {
  const direction = order === 'asc' ? 1 : -1;
  return [...songs].sort((left, right) => {
    if (key === 'title') return left.title.localeCompare(right.title) * direction;
    const a = sortValue[key](left);
    const b = sortValue[key](right);
    if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
    return (a - b) * direction;
  });
}

function buildColumns(currency: string): DataColumn<SongSummary>[] {
  return [
    {
      id: 'title',
      header: 'Song',
      sortKey: 'title',
      cell: (song) => (
        <span className="flex min-w-0 flex-col">
          <Link
            to={buildSongHref(song.isrc)}
            className="truncate font-medium text-brand-700 hover:underline dark:text-brand-300"
          >
            {song.title}
          </Link>
          <span className="truncate text-xs text-zinc-600 dark:text-zinc-400">
            {[song.release?.title, song.isrc].filter(Boolean).join(' · ')}
          </span>
        </span>
      ),
    },
    {
      id: 'streams',
      header: 'Spotify streams',
      sortKey: 'streams',
      align: 'right',
      cell: (song) =>
        song.spotify ? (
          <span title={`As of ${formatLongDay(song.spotify.asOf)}`}>
            {formatFullNumber(song.spotify.streams)}
          </span>
        ) : (
          '—'
        ),
    },
    {
      id: 'earnings',
      header: `Earnings (${currency})`,
      sortKey: 'earnings',
      align: 'right',
      cell: (song) =>
        song.otherCurrencies.length === 0 ? (
          formatMoney(song.earnings, currency)
        ) : (
          <span className="flex flex-col items-end">
            <span>{formatMoney(song.earnings, currency)}</span>
            {/* Statements with no exchange rate: in their own currency, never converted. */}
            {song.otherCurrencies.map((other) => (
              <span key={other.currency} className="text-xs text-zinc-600 dark:text-zinc-400">
                + {formatMoney(other.amount, other.currency)} in {other.currency}
              </span>
            ))}
          </span>
        ),
    },
    {
      id: 'linked',
      header: 'Linked videos & reels',
      sortKey: 'linked',
      align: 'right',
      cell: (song) => formatFullNumber(song.linkedItems.length),
    },
  ];
}

/** Every song of the catalogue (by ISRC), with its streams, earnings and linked items. */
export function SongsPage() {
  const songs = useSongs();
  const [sort, setSort] = useState<{ key: SortKey; order: SortOrder }>({
    key: 'earnings',
    order: 'desc',
  });
  const currency = songs.data?.currency ?? 'USD';
  const rows = useMemo(
    () => sortSongs(songs.data?.songs ?? [], sort.key, sort.order),
    [songs.data, sort],
  );
  const columns = useMemo(() => buildColumns(currency), [currency]);

  let body;
  if (songs.isError) {
    body = (
      <div className="p-4">
        <AsyncErrorView error={songs.error} onRetry={() => void songs.refetch()} />
      </div>
    );
  } else if (songs.data && songs.data.songs.length === 0) {
    body = (
      <EmptyState
        className="m-4 sm:m-6"
        icon={Music}
        title="No songs yet"
        description="Songs come from your statements and Spotify for Artists exports: import one and each song appears here by its ISRC."
        action={
          <Button asChild>
            <Link to={paths.settingsImports}>Import a statement</Link>
          </Button>
        }
      />
    );
  } else {
    body = (
      <DataTable
        id="songs"
        label="Songs"
        columns={columns}
        rows={rows}
        getRowId={(song) => song.isrc}
        sort={sort}
        onSortChange={(key, order) => setSort({ key: key as SortKey, order })}
        isLoading={songs.isPending}
      />
    );
  }
  return (
    <AnalyticsPage
      title="Songs"
      description="Your catalogue by ISRC: Spotify streams, statement earnings, and the videos and reels that promote each song."
    >
      <Card className="min-w-0 overflow-hidden">{body}</Card>
      <p className="mt-3 text-xs text-zinc-600 dark:text-zinc-400">
        Spotify streams are all-time figures from your latest Spotify for Artists songs export;
        earnings are all-time statement earnings. “—” means no export holds that song yet.
      </p>
    </AnalyticsPage>
  );
}
