import { cn } from '@/lib/cn';
import { useDashboardFilters } from '../hooks/use-dashboard-filters';
import {
  dashboardPlatforms,
  dashboardRanges,
  platformLabels,
  rangeLabels,
  type DashboardPlatform,
  type DashboardRange,
} from '../utils/dashboard-filters';

const selectClass =
  'h-9 rounded-lg border border-zinc-300 bg-white px-3 text-sm text-zinc-900 shadow-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100';

/**
 * Date range, platform and "compare with previous period" controls shared by every dashboard
 * screen. Native selects: keyboard and screen-reader friendly with nothing to load.
 */
export function DashboardFilters({
  showCompare = true,
  className,
}: {
  showCompare?: boolean;
  className?: string;
}) {
  const { filters, setFilters } = useDashboardFilters();
  return (
    <div
      role="group"
      aria-label="Dashboard filters"
      className={cn('flex flex-wrap items-center gap-3', className)}
    >
      <label className="flex items-center gap-2 text-sm">
        <span className="text-zinc-600 dark:text-zinc-400">Period</span>
        <select
          className={selectClass}
          value={filters.range}
          onChange={(event) => setFilters({ range: event.target.value as DashboardRange })}
        >
          {dashboardRanges.map((range) => (
            <option key={range} value={range}>
              {rangeLabels[range]}
            </option>
          ))}
        </select>
      </label>
      <label className="flex items-center gap-2 text-sm">
        <span className="text-zinc-600 dark:text-zinc-400">Platform</span>
        <select
          className={selectClass}
          value={filters.platform}
          onChange={(event) => setFilters({ platform: event.target.value as DashboardPlatform })}
        >
          {dashboardPlatforms.map((platform) => (
            <option key={platform} value={platform}>
              {platformLabels[platform]}
            </option>
          ))}
        </select>
      </label>
      {showCompare ? (
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="h-4 w-4 rounded border-zinc-300 accent-brand-600 dark:border-zinc-700"
            checked={filters.compare}
            onChange={(event) => setFilters({ compare: event.target.checked })}
          />
          <span>Compare with previous period</span>
        </label>
      ) : null}
    </div>
  );
}
