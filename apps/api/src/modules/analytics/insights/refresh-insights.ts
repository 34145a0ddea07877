import type { Database } from '../../../db/client';
import { listScopedAccounts } from '../accounts/list-scoped-accounts';
import { resolveDateRange, type ResolvedRange } from '../calculations/date-range';
import { detectSpikes } from '../calculations/spikes';
import { listPlatformDays } from '../days/list-platform-days';
import { dailyNetsOf, findMilestones } from '../overview/milestones';
import { allPlatforms, platformNames } from '../shared/platforms';
import { dataBoundsOf, type Scope } from '../shared/scope';
import {
  listTopContentOfDays,
  listTrafficSourcesOfDays,
  saveInsights,
  type NewInsight,
} from './insights.repository';

/**
 * Finds spikes and milestones over an organisation's whole history and stores each once (a
 * re-run refreshes the wording and evidence of what is already stored). Runs after every sync
 * (not per request): the dashboard only lists what was found.
 */
export async function refreshInsights(db: Database, organizationId: string): Promise<number> {
  const accounts = await listScopedAccounts(db, organizationId, allPlatforms);
  const accountIds = accounts.map((account) => account.id);
  const bounds = dataBoundsOf(accounts);
  if (!bounds.first || !bounds.last) return 0;
  const days = await listPlatformDays(db, organizationId, accountIds, bounds.first, bounds.last);
  const history: ResolvedRange = resolveDateRange(
    { from: bounds.first, to: bounds.last },
    bounds.last,
    bounds.first,
  );
  const scope: Scope = {
    platforms: allPlatforms,
    accounts,
    accountIds,
    range: history,
    windows: new Map(),
    firstDataDay: bounds.first,
    lastCompleteDay: bounds.last,
    history: null,
  };
  const found: NewInsight[] = [];
  const platforms = [...new Set(accounts.map((account) => account.platform))];
  const spikesByPlatform = platforms.map((platform) => ({
    platform,
    spikes: detectSpikes(
      days
        .filter((day) => day.platform === platform)
        .map((day) => ({ day: day.day, value: day.views })),
    ),
  }));
  // Every spike's evidence in two statements, not two per spike: a sync re-reads the whole
  // history's spikes (dozens for a mid artist), and a round trip each was most of its time.
  const youtubeAccountIds = accounts
    .filter((account) => account.platform === 'youtube')
    .map((account) => account.id);
  const spikeDays = (platformFilter: (platform: string) => boolean) => [
    ...new Set(
      spikesByPlatform
        .filter((entry) => platformFilter(entry.platform))
        .flatMap((entry) => entry.spikes.map((spike) => spike.day)),
    ),
  ];
  const [topContentByDay, trafficSourcesByDay] = await Promise.all([
    listTopContentOfDays(
      db,
      organizationId,
      accountIds,
      spikeDays(() => true),
    ),
    // Only YouTube reports traffic sources per day; elsewhere the list stays empty (unknown).
    listTrafficSourcesOfDays(
      db,
      organizationId,
      youtubeAccountIds,
      spikeDays((platform) => platform === 'youtube'),
    ),
  ]);
  for (const { platform, spikes } of spikesByPlatform) {
    for (const spike of spikes) {
      const topContent = topContentByDay.get(spike.day) ?? [];
      const trafficSources =
        platform === 'youtube' ? (trafficSourcesByDay.get(spike.day) ?? []) : [];
      const isDrop = spike.direction === 'down';
      const times = Number.isFinite(spike.ratio) ? `${spike.ratio.toFixed(1)}×` : 'far above';
      const usual = Math.round(spike.baseline).toLocaleString('en-US');
      const dropShare = Math.round((1 - spike.value / spike.baseline) * 100);
      found.push({
        key: `${isDrop ? 'drop' : 'spike'}:${platform}:${spike.day}`,
        kind: 'spike',
        platform,
        day: spike.day,
        title: isDrop
          ? `${platformNames[platform]} views dropped on ${spike.day}`
          : `${platformNames[platform]} views spiked on ${spike.day}`,
        description: isDrop
          ? `${spike.value.toLocaleString('en-US')} views, ${dropShare} % below your usual ${usual}.`
          : `${spike.value.toLocaleString('en-US')} views, ${times} your usual ${usual}.${
              topContent[0] ? ` Led by “${topContent[0].title}”.` : ''
            }`,
        evidence: {
          direction: spike.direction,
          value: spike.value,
          baseline: spike.baseline,
          topContent: topContent.map((item) => ({ ...item, views: item.views ?? 0 })),
          trafficSources,
        },
      });
    }
  }
  for (const milestone of findMilestones(scope, dailyNetsOf(days, history))) {
    const platformName = milestone.platform ? platformNames[milestone.platform] : 'All platforms';
    found.push({
      key: `milestone:${milestone.platform ?? 'all'}:${milestone.metric}:${milestone.value}`,
      kind: 'milestone',
      platform: milestone.platform,
      day: milestone.reachedOn,
      title: `${milestone.value.toLocaleString('en-US')} ${milestone.platform === 'youtube' ? 'subscribers' : 'followers'} on ${platformName}`,
      description: `You crossed ${milestone.value.toLocaleString('en-US')} on ${milestone.reachedOn}. Keep the momentum going.`,
      evidence: { value: milestone.value, baseline: null, topContent: [], trafficSources: [] },
    });
  }
  await saveInsights(db, organizationId, found);
  return found.length;
}
