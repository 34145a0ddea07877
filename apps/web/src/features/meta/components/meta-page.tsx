import type { ContentItem } from '@crescendo/contracts';
import { Camera, Images } from 'lucide-react';
import { CompactCount } from '@/components/analytics/content-columns';
import {
  PlatformContentTable,
  type PlatformContentTableConfig,
} from '@/components/analytics/platform-content-table';
import {
  PlatformPage,
  type PlatformAnalyticsProps,
  type PlatformPageConfig,
} from '@/components/analytics/platform-page';
import { AsyncErrorView } from '@/components/errors/async-error';
import { useAccountData } from '../api/get-account-data';
import { useMetaViewState } from '../hooks/use-meta-view-state';
import { AccountSummary, AccountSummarySkeleton, ConnectionStatusLine } from './account-summary';
import { MediaDetailDialog } from './media-detail-dialog';
import { MetaAudience } from './meta-audience';
import { MetaPerformance, MetaPerformanceSkeleton } from './meta-performance';

const mediaTable: PlatformContentTableConfig = {
  id: 'meta-media',
  title: 'Media',
  description: 'Your Instagram posts, Reels and stories.',
  itemHeader: 'Post',
  itemName: 'posts',
  searchLabel: 'Search media',
  searchPlaceholder: 'Search captions',
  kindLabel: 'Media type',
  kindOptions: [
    { value: '', label: 'All media' },
    { value: 'post', label: 'Posts' },
    { value: 'reel', label: 'Reels' },
    { value: 'story', label: 'Stories' },
  ],
  figureColumns: [
    {
      id: 'views',
      header: 'Views',
      sortKey: 'views',
      align: 'right',
      cell: (item: ContentItem) => <CompactCount value={item.stats.views} noun="views" />,
    },
    {
      id: 'reach',
      header: 'Reach',
      align: 'right',
      cell: (item: ContentItem) => (
        <CompactCount value={item.stats.reach} noun="accounts reached" />
      ),
    },
    {
      id: 'likes',
      header: 'Likes',
      sortKey: 'likes',
      align: 'right',
      cell: (item: ContentItem) => <CompactCount value={item.stats.likes} noun="likes" />,
    },
    {
      id: 'comments',
      header: 'Comments',
      sortKey: 'comments',
      align: 'right',
      cell: (item: ContentItem) => <CompactCount value={item.stats.comments} noun="comments" />,
    },
    {
      id: 'saves',
      header: 'Saves',
      align: 'right',
      cell: (item: ContentItem) => <CompactCount value={item.stats.saves} noun="saves" />,
    },
  ],
  empty: {
    icon: Images,
    title: 'No media yet',
    description: 'Your Instagram posts and Reels show up here after the next sync.',
    filteredTitle: 'No media match',
    filteredDescription:
      'Try other words or another type — or clear the filters to see everything.',
  },
  exportFileName: 'crescendo-meta-media.csv',
  Dialog: MediaDetailDialog,
};

function AccountsSkeleton() {
  return (
    <>
      <AccountSummarySkeleton />
      <MetaPerformanceSkeleton />
    </>
  );
}

function MetaAnalytics({ connection, range }: PlatformAnalyticsProps) {
  const view = useMetaViewState();
  const accountData = useAccountData(connection.id, range, connection.lastSyncedAt);
  const data = accountData.data;

  return (
    <div className="flex min-w-0 flex-col gap-6">
      <ConnectionStatusLine connection={connection} />
      {accountData.isError && !data ? (
        <AsyncErrorView error={accountData.error} onRetry={() => void accountData.refetch()} />
      ) : data ? (
        <>
          <AccountSummary instagram={data.instagram} facebook={data.facebook} />
          <section aria-labelledby="meta-performance-title" className="flex min-w-0 flex-col gap-3">
            <h2 id="meta-performance-title" className="text-lg font-semibold tracking-tight">
              Performance
            </h2>
            <MetaPerformance
              instagram={data.instagram}
              facebook={data.facebook}
              metric={view.metric}
              onMetricChange={view.setMetric}
              isRefreshing={accountData.isPlaceholderData}
            />
          </section>
          {data.instagram ? <MetaAudience instagram={data.instagram} /> : null}
        </>
      ) : (
        <div className="flex flex-col gap-6" aria-busy="true" aria-label="Loading your accounts">
          <AccountsSkeleton />
        </div>
      )}
      <PlatformContentTable
        config={mediaTable}
        connectionId={connection.id}
        syncedAt={connection.lastSyncedAt}
        view={view}
      />
    </div>
  );
}

const metaPage: PlatformPageConfig = {
  provider: 'meta',
  providerName: 'Meta',
  title: 'Meta',
  description: 'Instagram and Facebook reach, engagement and follower growth.',
  subject: 'your accounts',
  connect: {
    icon: Camera,
    title: 'Connect Instagram & Facebook to see your reach',
    description:
      'Connect Meta to see reach, saves, shares and follower growth for your posts and Reels.',
    action: 'Connect Meta',
  },
  syncDescription:
    'Your first sync reads your Instagram media and daily insights for Instagram and your Facebook Page. Charts appear here as soon as it finishes — feel free to leave this page and come back.',
  Skeleton: AccountsSkeleton,
  useView: useMetaViewState,
  Analytics: MetaAnalytics,
};

/** /meta: Instagram and Facebook summary, trends, follower demographics and media. */
export function MetaPage() {
  return <PlatformPage config={metaPage} />;
}
