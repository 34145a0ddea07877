import type { DashboardAnalyticsResponse } from '@crescendo/contracts';
import { Flag, Trophy } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatCompactNumber, formatFullNumber, formatLongDay } from '@/lib/format';
import { platformNames } from '../../shared/components/dashboard-format';

type Milestone = DashboardAnalyticsResponse['milestones'][number];
type Forecast = NonNullable<DashboardAnalyticsResponse['forecast']>;
type PlatformFilter = DashboardAnalyticsResponse['platform'];

/** YouTube counts subscribers; everywhere else (and combined) they are followers. */
function audienceNoun(platform: PlatformFilter | Milestone['platform']): string {
  return platform === 'youtube' ? 'subscribers' : 'followers';
}

function describeMilestone(milestone: Milestone): string {
  const noun = milestone.metric === 'views' ? 'views' : audienceNoun(milestone.platform);
  const where = milestone.platform ? ` on ${platformNames[milestone.platform]}` : '';
  return `${formatCompactNumber(milestone.value)} ${noun}${where}`;
}

export function ForecastText({
  forecast,
  platform,
}: {
  forecast: Forecast;
  platform: PlatformFilter;
}) {
  const noun = audienceNoun(platform);
  const next = `${formatCompactNumber(forecast.next)} ${noun}`;
  if (forecast.expectedDate) {
    return (
      <p data-testid="milestone-forecast">
        At your 28-day pace you’ll reach <strong>{next}</strong> around{' '}
        <strong>
          <time dateTime={forecast.expectedDate}>{formatLongDay(forecast.expectedDate)}</time>
        </strong>
        .
      </p>
    );
  }
  return (
    <p data-testid="milestone-forecast">
      Your next milestone is <strong>{next}</strong>. Your {noun} haven’t grown over the last 28
      days — a new release or a collab could restart the climb.
    </p>
  );
}

/** Milestones crossed in the selected period, and when the next one arrives at today's pace. */
export function MilestonesPanel({
  milestones,
  forecast,
  platform,
}: {
  milestones: Milestone[];
  forecast: DashboardAnalyticsResponse['forecast'];
  platform: PlatformFilter;
}) {
  return (
    <Card className="flex flex-col">
      <CardHeader>
        <CardTitle>Milestones</CardTitle>
        <CardDescription>What you’ve reached and what’s next.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {forecast ? (
          <div className="flex gap-3 rounded-xl bg-brand-50 p-4 text-sm text-brand-950 dark:bg-brand-950/40 dark:text-brand-50">
            <Flag
              className="mt-0.5 h-4 w-4 shrink-0 text-brand-700 dark:text-brand-300"
              aria-hidden="true"
            />
            <div className="flex flex-col gap-1">
              <ForecastText forecast={forecast} platform={platform} />
              <p className="text-xs text-brand-900/80 dark:text-brand-100/80">
                Now {formatFullNumber(forecast.current)} {audienceNoun(platform)}
                {forecast.dailyPace > 0
                  ? ` · about +${formatFullNumber(forecast.dailyPace)} a day`
                  : ''}
              </p>
            </div>
          </div>
        ) : (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            Forecast not available yet — we need follower totals from your platforms first.
          </p>
        )}
        <div>
          <h3 className="mb-2 text-sm font-semibold">Reached in this period</h3>
          {milestones.length > 0 ? (
            <ul className="flex flex-col gap-2" aria-label="Milestones reached">
              {milestones.map((milestone) => (
                <li
                  key={`${milestone.platform ?? 'all'}-${milestone.metric}-${milestone.value}-${milestone.reachedOn}`}
                  className="flex items-center gap-3 text-sm"
                >
                  <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-amber-100 text-amber-800 dark:bg-amber-900/50 dark:text-amber-200">
                    <Trophy className="h-4 w-4" aria-hidden="true" />
                  </span>
                  <span className="min-w-0">
                    <span className="block font-medium">{describeMilestone(milestone)}</span>
                    <span className="block text-xs text-zinc-600 dark:text-zinc-400">
                      Reached{' '}
                      <time dateTime={milestone.reachedOn}>
                        {formatLongDay(milestone.reachedOn)}
                      </time>
                    </span>
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">
              No new milestones in this period. Try a longer period to see earlier ones.
            </p>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
