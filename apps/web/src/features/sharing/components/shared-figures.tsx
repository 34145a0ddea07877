import type { SharedOverview } from '@crescendo/contracts';
import { Card } from '@/components/ui/card';
import { formatCompactNumber, formatShare, isPresent, MISSING_VALUE } from '@/lib/format';
import { platformNames } from './share-labels';

type Kpis = SharedOverview['combined'];
type Compared = Kpis['views'];

const signedPercent = new Intl.NumberFormat(undefined, {
  style: 'percent',
  maximumFractionDigits: 1,
  signDisplay: 'exceptZero',
});
const usd = new Intl.NumberFormat(undefined, { style: 'currency', currency: 'USD' });
const hours = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });

function Figure({ label, value, change }: { label: string; value: string; change?: Compared }) {
  return (
    <Card className="flex flex-col gap-1 p-4" data-testid={`shared-kpi-${label}`}>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{label}</p>
      <p className="text-2xl font-semibold tabular-nums">{value}</p>
      {change && isPresent(change.change) ? (
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          {signedPercent.format(change.change)} vs previous period
        </p>
      ) : null}
    </Card>
  );
}

function KpiGrid({ kpis }: { kpis: Kpis }) {
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <Figure label="Followers" value={formatCompactNumber(kpis.followers.total)} />
      <Figure
        label="Net new followers"
        value={formatCompactNumber(kpis.followers.net.value)}
        change={kpis.followers.net}
      />
      <Figure label="Views" value={formatCompactNumber(kpis.views.value)} change={kpis.views} />
      <Figure
        label="Watch time"
        value={
          isPresent(kpis.watchMinutes.value)
            ? `${hours.format(kpis.watchMinutes.value / 60)} hr`
            : MISSING_VALUE
        }
        change={kpis.watchMinutes}
      />
      <Figure
        label="Engagement rate"
        value={formatShare(kpis.engagementRate.value)}
        change={kpis.engagementRate}
      />
      <Figure
        label="Engagements"
        value={formatCompactNumber(kpis.engagements.value)}
        change={kpis.engagements}
      />
      {kpis.estimatedRevenue ? (
        <Figure
          label="Estimated revenue"
          value={
            isPresent(kpis.estimatedRevenue.value)
              ? usd.format(kpis.estimatedRevenue.value)
              : MISSING_VALUE
          }
          change={kpis.estimatedRevenue}
        />
      ) : null}
    </div>
  );
}

/** The overview's headline figures, combined and per platform, and its daily views. */
export function SharedOverviewFigures({ overview }: { overview: SharedOverview }) {
  const peak = Math.max(1, ...overview.series.map((point) => point.views ?? 0));
  return (
    <div className="flex flex-col gap-6">
      <KpiGrid kpis={overview.combined} />
      <section aria-labelledby="shared-series" className="flex flex-col gap-2">
        <h2 id="shared-series" className="text-lg font-semibold">
          Views per {overview.range.granularity}
        </h2>
        <div
          className="flex h-24 items-end gap-px"
          role="img"
          aria-label={`Views per ${overview.range.granularity}, ${overview.range.from} to ${overview.range.to}`}
        >
          {overview.series.map((point) => (
            <div
              key={point.date}
              title={`${point.date}: ${formatCompactNumber(point.views)}`}
              className="flex-1 rounded-t-sm bg-brand-500/80 dark:bg-brand-400/80"
              style={{ height: `${Math.max(2, ((point.views ?? 0) / peak) * 100)}%` }}
            />
          ))}
        </div>
      </section>
      {Object.entries(overview.byPlatform).map(([platform, kpis]) => (
        <section key={platform} className="flex flex-col gap-2">
          <h2 className="text-lg font-semibold">
            {platformNames[platform as keyof typeof platformNames]}
          </h2>
          <KpiGrid kpis={kpis} />
        </section>
      ))}
    </div>
  );
}
