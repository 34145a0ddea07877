import type { AccountAnalytics, Connection } from '@crescendo/contracts';
import { Camera, CircleAlert, RefreshCw, ThumbsUp } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PlatformSkeleton } from '@/components/charts/platform-skeleton';
import { PlatformStatCard, PlatformStatCardSkeleton } from '@/components/charts/platform-stat-card';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { shownFrom } from '@/lib/analytics/period';
import { cn } from '@/lib/cn';
import { platformNames } from '@/lib/platforms';
import {
  formatCompactNumber,
  formatDateTime,
  formatFullNumber,
  formatLongDay,
  formatRelativeTime,
  formatShortDay,
} from '@/lib/format';

/** Facebook reports Page follows per day; the latest reported day is the current count. */
export function latestFollowers(account: AccountAnalytics): number | null {
  if (account.followersTotal !== null) return account.followersTotal;
  for (let index = account.daily.length - 1; index >= 0; index -= 1) {
    const value = account.daily[index]?.followersTotal;
    if (value !== null && value !== undefined) return value;
  }
  return null;
}

const notReported = 'Not reported';

function hintFor(value: number | null, text: string) {
  return value === null ? notReported : text;
}

export function ConnectionStatusLine({ connection }: { connection: Connection }) {
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-zinc-600 dark:text-zinc-400">
        {connection.sandbox ? (
          <Badge tone="warning" title="Data from the built-in platform sandbox">
            Sandbox
          </Badge>
        ) : null}
        <span>
          Last synced{' '}
          {connection.lastSyncedAt ? (
            <time
              dateTime={connection.lastSyncedAt}
              title={formatDateTime(connection.lastSyncedAt)}
              className="font-medium text-zinc-900 dark:text-zinc-100"
            >
              {formatRelativeTime(connection.lastSyncedAt)}
            </time>
          ) : (
            <span className="font-medium text-zinc-900 dark:text-zinc-100">Pending</span>
          )}
        </span>
        <span>
          Data complete through{' '}
          <span className="font-medium text-zinc-900 dark:text-zinc-100">
            {connection.dataCompleteThrough ? (
              <time dateTime={connection.dataCompleteThrough}>
                {formatLongDay(connection.dataCompleteThrough)}
              </time>
            ) : (
              'Pending'
            )}
          </span>
        </span>
      </div>
      {connection.status === 'syncing' ? (
        <p
          className="flex items-center gap-2 text-sm text-brand-800 dark:text-brand-200"
          aria-live="polite"
        >
          <RefreshCw className="h-4 w-4 shrink-0 motion-safe:animate-spin" aria-hidden="true" />
          Updating your numbers
          {connection.sync.percent !== null ? ` — ${connection.sync.percent}%` : ''}
          {connection.sync.step ? ` (${connection.sync.step})` : ''}
        </p>
      ) : connection.status === 'reconnect_needed' || connection.status === 'error' ? (
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-amber-900 dark:text-amber-200">
          <CircleAlert className="h-4 w-4 shrink-0" aria-hidden="true" />
          {connection.status === 'reconnect_needed'
            ? 'Meta access expired, so these numbers are not updating.'
            : (connection.sync.error ?? 'The last sync did not finish.')}
          <Link to={paths.settingsConnections} className="font-medium underline underline-offset-2">
            {connection.status === 'reconnect_needed' ? 'Reconnect Meta' : 'Manage connection'}
          </Link>
        </p>
      ) : null}
    </div>
  );
}

function PlatformCard({
  id,
  title,
  subtitle,
  accent,
  icon: Icon,
  children,
}: {
  id: string;
  title: string;
  subtitle: string | null;
  accent: string;
  icon: typeof Camera;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="flex min-w-0 flex-col gap-3">
      <div className="flex items-center gap-3">
        <span
          aria-hidden="true"
          className={cn('flex h-9 w-9 items-center justify-center rounded-full text-white', accent)}
        >
          <Icon className="h-4 w-4" />
        </span>
        <div className="min-w-0">
          <h2 id={id} className="text-base font-semibold tracking-tight">
            {title}
          </h2>
          {subtitle ? (
            <p className="truncate text-sm text-zinc-600 dark:text-zinc-400">{subtitle}</p>
          ) : null}
        </div>
      </div>
      {children}
    </section>
  );
}

function MissingAccount({ text }: { text: string }) {
  return (
    <Card className="flex items-start gap-2 border-dashed p-4 text-sm text-zinc-600 dark:text-zinc-400">
      <CircleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      {text}
    </Card>
  );
}

/** Oct 25 – Nov 21, 2026: the days an account's period figures cover. */
const periodOf = (account: AccountAnalytics) =>
  `${formatShortDay(shownFrom(account.range.from, account.daily))} – ${formatLongDay(account.range.to)}`;

type Stat = { label: string; source: string; value: number | null; hint: string };

/**
 * One account's cards: its follower total, then reach, views, follows, unfollows and
 * interactions over the period. Only the words differ between Instagram and Facebook.
 */
function accountStats(
  account: AccountAnalytics,
  words: {
    platform: string;
    followersLabel: string;
    followers: number | null;
    reachHint: string;
    interactionsLabel: string;
    interactionsHint: string;
  },
): Stat[] {
  const period = `${periodOf(account)} · ${words.platform}`;
  const { totals } = account;
  const inPeriod = (label: string, value: number | null, text: string): Stat => ({
    label,
    source: period,
    value,
    hint: hintFor(value, text),
  });
  return [
    {
      label: words.followersLabel,
      source: `Total as of ${formatLongDay(account.range.to)} · ${words.platform}`,
      value: words.followers,
      hint: hintFor(words.followers, `${formatFullNumber(words.followers)} in total`),
    },
    { label: 'Reach', source: period, value: totals.reach, hint: words.reachHint },
    inPeriod('Views', totals.views, 'Times your content was seen'),
    inPeriod('New follows', totals.followersGained, 'In this period'),
    inPeriod('Unfollows', totals.followersLost, 'In this period'),
    inPeriod(words.interactionsLabel, totals.totalInteractions, words.interactionsHint),
  ];
}

function StatGrid({ stats }: { stats: Stat[] }) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {stats.map((stat) => (
        <PlatformStatCard
          key={stat.label}
          size="sm"
          label={stat.label}
          source={stat.source}
          value={formatCompactNumber(stat.value)}
          hint={stat.hint}
        />
      ))}
    </div>
  );
}

/** The account's name, and for Instagram how many media it has published. */
function describeInstagram(account: AccountAnalytics): string {
  const name = account.handle ?? account.name;
  if (account.contentCount === null) return name;
  const count = formatFullNumber(account.contentCount);
  return `${name} · ${count} ${account.contentCount === 1 ? 'post' : 'posts'}`;
}

/** Instagram and Facebook side by side: followers, plus reach, views and follows in the period. */
export function AccountSummary({
  instagram,
  facebook,
}: {
  instagram: AccountAnalytics | null;
  facebook: AccountAnalytics | null;
}) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <PlatformCard
        id="instagram-summary"
        title={platformNames.instagram}
        subtitle={instagram ? describeInstagram(instagram) : null}
        accent="bg-gradient-to-br from-amber-500 via-pink-600 to-purple-600"
        icon={Camera}
      >
        {instagram ? (
          <StatGrid
            stats={accountStats(instagram, {
              platform: platformNames.instagram,
              followersLabel: 'Followers',
              followers: instagram.followersTotal,
              reachHint:
                instagram.totals.reach === null
                  ? 'Instagram totals reach for up to 30 days; unique accounts don’t add up over days'
                  : 'Unique accounts reached, as Instagram counts them',
              interactionsLabel: 'Interactions',
              interactionsHint: 'Likes, comments, saves, shares',
            })}
          />
        ) : (
          <MissingAccount text="No Instagram professional account is linked to this Facebook Page, so there is nothing to show yet." />
        )}
      </PlatformCard>
      <PlatformCard
        id="facebook-summary"
        title={platformNames.facebook}
        subtitle={facebook?.name ?? null}
        accent="bg-blue-600"
        icon={ThumbsUp}
      >
        {facebook ? (
          <StatGrid
            stats={accountStats(facebook, {
              platform: platformNames.facebook,
              followersLabel: 'Page follows',
              followers: latestFollowers(facebook),
              reachHint:
                facebook.totals.reach === null
                  ? 'Reach is per day on the chart: unique people don’t add up over days'
                  : 'People reached',
              interactionsLabel: 'Interactions',
              interactionsHint: 'Reactions, comments, shares',
            })}
          />
        ) : (
          <MissingAccount text="The Facebook Page has not been read yet." />
        )}
      </PlatformCard>
    </div>
  );
}

export function AccountSummarySkeleton() {
  return (
    <div className="grid gap-6 lg:grid-cols-2" aria-hidden="true">
      {[0, 1].map((key) => (
        <div key={key} className="flex flex-col gap-3">
          <div className="flex items-center gap-3">
            <PlatformSkeleton className="h-9 w-9 rounded-full" />
            <PlatformSkeleton className="h-5 w-32" />
          </div>
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {[0, 1, 2, 3, 4, 5].map((card) => (
              <PlatformStatCardSkeleton key={card} />
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}
