import type { Insight } from '@crescendo/contracts';
import { Lightbulb, TrendingDown, TrendingUp, Trophy } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatCompactNumber, formatLongDay } from '@/lib/format';
import { formatTrafficSource } from '@/lib/audience-labels';
import { openAssistant } from '@/lib/assistant-events';
import {
  formatChange,
  formatDaysInText,
  platformNames,
} from '../../shared/components/dashboard-format';

const INITIALLY_SHOWN = 4;

function InsightEvidence({ evidence }: { evidence: Insight['evidence'] }) {
  if (!evidence.topContent.length && !evidence.trafficSources.length) return null;
  return (
    <div className="mt-2 flex flex-col gap-2 text-xs">
      {evidence.topContent.length > 0 ? (
        <div>
          <h4 className="font-medium text-zinc-600 dark:text-zinc-400">Top content that day</h4>
          <ol className="mt-1 flex flex-col gap-0.5">
            {evidence.topContent.slice(0, 3).map((item) => (
              <li key={item.id} className="flex justify-between gap-3">
                <span className="min-w-0 truncate" title={item.title}>
                  {item.title}
                </span>
                <span className="shrink-0 tabular-nums text-zinc-600 dark:text-zinc-400">
                  {formatCompactNumber(item.views)} views
                </span>
              </li>
            ))}
          </ol>
        </div>
      ) : null}
      {evidence.trafficSources.length > 0 ? (
        <div>
          <h4 className="font-medium text-zinc-600 dark:text-zinc-400">Where viewers came from</h4>
          <ul className="mt-1 flex flex-col gap-0.5">
            {evidence.trafficSources.slice(0, 3).map((source) => (
              <li key={source.source} className="flex justify-between gap-3">
                <span className="min-w-0 truncate">{formatTrafficSource(source.source)}</span>
                <span className="shrink-0 tabular-nums text-zinc-600 dark:text-zinc-400">
                  {formatCompactNumber(source.views)} views
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

/** How a drop, a spike and a milestone look: a drop is a warning, as its toast is. */
function lookOf(insight: Insight) {
  if (insight.kind === 'milestone')
    return {
      icon: Trophy,
      badge: 'Milestone',
      tone: 'warning',
      circle: 'bg-amber-100 text-amber-800 dark:bg-amber-900/50 dark:text-amber-200',
    } as const;
  if (insight.direction === 'down')
    return {
      icon: TrendingDown,
      badge: 'Drop',
      tone: 'danger',
      circle: 'bg-red-100 text-red-800 dark:bg-red-950/60 dark:text-red-200',
    } as const;
  return {
    icon: TrendingUp,
    badge: 'Spike',
    tone: 'brand',
    circle: 'bg-brand-100 text-brand-800 dark:bg-brand-900/60 dark:text-brand-200',
  } as const;
}

/** The period's headline changes, so an empty list never reads as "all is well" on a fall. */
export type PeriodTrends = { label: string; change: number | null }[];

/** A fall this large (−10 %) is worth saying when no single day stood out. */
const NOTABLE_FALL = -0.1;

export function describeQuietPeriod(trends: PeriodTrends = []): string {
  const falls = trends.filter(
    (trend): trend is { label: string; change: number } =>
      trend.change !== null && trend.change <= NOTABLE_FALL,
  );
  if (falls.length === 0)
    return 'No single day stood out in this period. We look for spikes, drops and milestones after every sync and will tell you the moment something changes.';
  const parts = falls.map((fall) => `${fall.label} ${formatChange(fall.change).replace('-', '−')}`);
  return `No single day stood out, but the period is down on the one before: ${parts.join(', ')}. Point at the chart to see day by day where it fell.`;
}

/** Spikes, drops and milestones found in the selected period, newest first, with their evidence. */
export function InsightsPanel({
  insights,
  trends,
}: {
  insights: Insight[];
  /** The KPIs' changes on the previous period, for the empty state. */
  trends?: PeriodTrends;
}) {
  const [isExpanded, setIsExpanded] = useState(false);
  const sorted = [...insights].sort((a, b) => (a.day < b.day ? 1 : a.day > b.day ? -1 : 0));
  const shown = isExpanded ? sorted : sorted.slice(0, INITIALLY_SHOWN);
  return (
    <Card>
      <CardHeader>
        <CardTitle id="insights-heading" tabIndex={-1} className="focus:outline-none">
          Insights
        </CardTitle>
        <CardDescription>Spikes, drops and milestones we spotted in this period.</CardDescription>
      </CardHeader>
      <CardContent>
        {sorted.length === 0 ? (
          <div className="flex items-start gap-3 text-sm text-zinc-600 dark:text-zinc-400">
            <Lightbulb className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
            <p>{describeQuietPeriod(trends)}</p>
          </div>
        ) : (
          <>
            <ul
              aria-labelledby="insights-heading"
              className="flex flex-col divide-y divide-zinc-200 dark:divide-zinc-800"
            >
              {shown.map((insight) => {
                const look = lookOf(insight);
                const Icon = look.icon;
                return (
                  <li key={insight.id} className="flex gap-3 py-3 first:pt-0 last:pb-0">
                    <span
                      className={`flex h-8 w-8 shrink-0 items-center justify-center rounded-full ${look.circle}`}
                    >
                      <Icon className="h-4 w-4" aria-hidden="true" />
                    </span>
                    <div className="min-w-0 flex-1">
                      <div className="flex flex-wrap items-center gap-2">
                        <h3 className="text-sm font-semibold">{formatDaysInText(insight.title)}</h3>
                        <Badge tone={look.tone}>{look.badge}</Badge>
                      </div>
                      <p className="text-xs text-zinc-600 dark:text-zinc-400">
                        <time dateTime={insight.day}>{formatLongDay(insight.day)}</time>
                        {insight.platform ? ` · ${platformNames[insight.platform]}` : ''}
                      </p>
                      <p className="mt-1 text-sm text-zinc-700 dark:text-zinc-300">
                        {formatDaysInText(insight.description)}
                      </p>
                      <InsightEvidence evidence={insight.evidence} />
                      {insight.kind === 'spike' ? (
                        <button
                          type="button"
                          // Several spikes each have one: the name says which (and starts as shown).
                          aria-label={`Explain this: ${insight.platform ? `${platformNames[insight.platform]} ` : ''}views spike on ${formatLongDay(insight.day)}`}
                          className="mt-2 text-xs font-medium text-brand-700 hover:underline dark:text-brand-300"
                          onClick={() =>
                            openAssistant(
                              `Why did my ${insight.platform ? `${platformNames[insight.platform]} ` : ''}views ${insight.direction === 'down' ? 'drop' : 'spike'} on ${insight.day}?`,
                            )
                          }
                        >
                          Explain this
                        </button>
                      ) : null}
                    </div>
                  </li>
                );
              })}
            </ul>
            {sorted.length > INITIALLY_SHOWN ? (
              <Button
                variant="ghost"
                size="sm"
                className="mt-3"
                aria-expanded={isExpanded}
                onClick={() => setIsExpanded((value) => !value)}
              >
                {isExpanded ? 'Show fewer insights' : `Show all ${sorted.length} insights`}
              </Button>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
