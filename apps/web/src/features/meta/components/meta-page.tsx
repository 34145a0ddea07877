import type { MetaAccountDataResponse } from '@crescendo/contracts';
import { Camera, Images } from 'lucide-react';
import { countColumn } from '@/components/analytics/content-columns';
import type { PlatformContentTableConfig } from '@/components/analytics/platform-content-table';
import { PlatformPage, type PlatformPageConfig } from '@/components/analytics/platform-page';
import { formatFullNumber } from '@/lib/format';
import { platformNames } from '@/lib/platforms';
import { useAccountData } from '../api/get-account-data';
import { useMetaViewState, type ChartMetric } from '../hooks/use-meta-view-state';
import { AccountSummary, AccountSummarySkeleton, ConnectionStatusLine } from './account-summary';
import { MetaAudience } from './meta-audience';
import { MetaPerformance, MetaPerformanceSkeleton } from './meta-performance';

const mediaTable: PlatformContentTableConfig = {
  id: 'meta-media',
  title: 'Media',
  // Graph's media insights are lifetime counters (no per-day figures per post): the list shows
  // and sorts those only, labelled, never beside a period's figures.
  description: () =>
    'Lifetime figures: Instagram and Facebook report each post’s totals since it was published, not per day, so these are not the period above’s figures and are sorted only among themselves.',
  followsPeriod: false,
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
    countColumn('views', 'Views (lifetime)', 'views in its lifetime', { isSortable: true }),
    countColumn('reach', 'Reach (lifetime)', 'accounts reached in its lifetime'),
    countColumn('likes', 'Likes (lifetime)', 'likes in its lifetime', { isSortable: true }),
    countColumn('comments', 'Comments (lifetime)', 'comments in its lifetime', {
      isSortable: true,
    }),
    countColumn('saves', 'Saves (lifetime)', 'saves in its lifetime'),
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
  details: {
    noun: 'post',
    owner: 'your account',
    missingLength: 'hide',
    stats: ({ stats }) => [
      { label: 'Lifetime views', value: formatFullNumber(stats.views) },
      { label: 'Lifetime reach', value: formatFullNumber(stats.reach) },
      { label: 'Likes', value: formatFullNumber(stats.likes) },
      { label: 'Comments', value: formatFullNumber(stats.comments) },
      { label: 'Saves', value: formatFullNumber(stats.saves) },
      { label: 'Shares', value: formatFullNumber(stats.shares) },
    ],
    linkLabel: (item) => `Open on ${platformNames[item.platform]}`,
  },
};

function AccountsSkeleton() {
  return (
    <>
      <AccountSummarySkeleton />
      <MetaPerformanceSkeleton />
    </>
  );
}

const metaPage: PlatformPageConfig<MetaAccountDataResponse, ChartMetric> = {
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
  sections: {
    useData: useAccountData,
    Status: ConnectionStatusLine,
    Summary: ({ data }) => <AccountSummary instagram={data.instagram} facebook={data.facebook} />,
    Performance: ({ data, ...chart }) => (
      <MetaPerformance instagram={data.instagram} facebook={data.facebook} {...chart} />
    ),
    Audience: ({ data }) => (data.instagram ? <MetaAudience instagram={data.instagram} /> : null),
    performanceTitleId: 'meta-performance-title',
    table: mediaTable,
  },
};

/** /meta: Instagram and Facebook summary, trends, follower demographics and media. */
export function MetaPage() {
  return <PlatformPage config={metaPage} />;
}
