import type { AnalyticsPlatform, KpiSet } from '@crescendo/contracts';
import { formatCompactNumber, formatDaySpan, formatSignedCompactNumber } from '@/lib/format';
import { KpiDelta } from './kpi-card';
import {
  formatRate,
  formatRevenue,
  formatWatchHours,
  platformNames,
} from '../../shared/components/dashboard-format';
import { FigureValue } from './figure-value';

const platformOrder: AnalyticsPlatform[] = ['youtube', 'instagram', 'facebook', 'tiktok'];

type Column = {
  key: string;
  label: string;
  value: (kpis: KpiSet) => string;
  change: (kpis: KpiSet) => number | null;
};

const columns: Column[] = [
  {
    key: 'followers',
    label: 'Followers',
    value: (kpis) => formatCompactNumber(kpis.followers.total),
    change: () => null,
  },
  {
    key: 'net',
    label: 'Net gained',
    value: (kpis) => formatSignedCompactNumber(kpis.followers.net.value),
    change: (kpis) => kpis.followers.net.change,
  },
  {
    key: 'views',
    label: 'Views',
    value: (kpis) => formatCompactNumber(kpis.views.value),
    change: (kpis) => kpis.views.change,
  },
  {
    key: 'watch',
    label: 'Watch time',
    value: (kpis) => formatWatchHours(kpis.watchMinutes.value),
    change: (kpis) => kpis.watchMinutes.change,
  },
  {
    key: 'engagement',
    label: 'Engagement rate',
    value: (kpis) => formatRate(kpis.engagementRate.value),
    change: (kpis) => kpis.engagementRate.change,
  },
  {
    key: 'revenue',
    label: 'Est. revenue',
    value: (kpis) => formatRevenue(kpis.estimatedRevenue.value, { compact: true }),
    change: (kpis) => kpis.estimatedRevenue.change,
  },
];

/**
 * The same KPIs per platform: a table from md up, a card per platform on phones. Figures a
 * platform does not report read "—" (announced "Not available"), never 0.
 */
export function PlatformKpiBreakdown({
  byPlatform,
  isComparing,
  ownWindowOf = () => null,
}: {
  byPlatform: Partial<Record<AnalyticsPlatform, KpiSet>>;
  isComparing: boolean;
  /** A platform's own days where they differ from the overview's common window. */
  ownWindowOf?: (platform: AnalyticsPlatform) => { from: string; to: string } | null;
}) {
  // A platform's figures cover its own days: said under its name where they differ.
  const ownDays = (platform: AnalyticsPlatform) => {
    const own = ownWindowOf(platform);
    return own ? (
      <span
        className="block text-xs font-normal text-zinc-600 dark:text-zinc-400"
        data-testid="platform-own-days"
      >
        {formatDaySpan(own.from, own.to)}
      </span>
    ) : null;
  };
  const rows = platformOrder.flatMap((platform) => {
    const kpis = byPlatform[platform];
    return kpis ? [{ platform, kpis }] : [];
  });
  if (rows.length === 0) return null;
  return (
    <>
      <div className="relative hidden overflow-x-auto md:block">
        <table className="w-full text-sm">
          <caption className="sr-only">Key metrics per platform</caption>
          <thead>
            <tr className="border-b border-zinc-200 text-left text-xs text-zinc-600 dark:border-zinc-800 dark:text-zinc-400">
              <th scope="col" className="py-2 pr-4 font-medium">
                Platform
              </th>
              {columns.map((column) => (
                <th key={column.key} scope="col" className="px-3 py-2 text-right font-medium">
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map(({ platform, kpis }) => (
              <tr
                key={platform}
                className="border-b border-zinc-100 last:border-0 dark:border-zinc-800/60"
              >
                <th scope="row" className="py-3 pr-4 text-left align-top font-semibold">
                  {platformNames[platform]}
                  {ownDays(platform)}
                </th>
                {columns.map((column) => (
                  <td key={column.key} className="px-3 py-3 text-right align-top tabular-nums">
                    <span className="font-medium">
                      <FigureValue value={column.value(kpis)} />
                    </span>
                    {isComparing ? (
                      <KpiDelta change={column.change(kpis)} className="justify-end" />
                    ) : null}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 md:hidden">
        {rows.map(({ platform, kpis }) => (
          <li key={platform} className="rounded-xl border border-zinc-200 p-4 dark:border-zinc-800">
            <h3 className="mb-2 font-semibold">
              {platformNames[platform]}
              {ownDays(platform)}
            </h3>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
              {columns.map((column) => (
                <div key={column.key} className="min-w-0">
                  <dt className="text-xs text-zinc-600 dark:text-zinc-400">{column.label}</dt>
                  <dd className="font-medium tabular-nums">
                    <FigureValue value={column.value(kpis)} />
                    {isComparing ? <KpiDelta change={column.change(kpis)} /> : null}
                  </dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
