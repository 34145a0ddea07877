import { filterSelectClass, PeriodSelect } from '@/components/analytics/period-select';
import { cn } from '@/lib/cn';
import { useDashboardFilters } from '../hooks/use-dashboard-filters';
import { dashboardPlatforms, type DashboardPlatform } from '../utils/dashboard-filters';
import { platformLabels } from './dashboard-format';

/**
 * The analytics period, platform and "compare with previous period" controls of the dashboard's
 * screens. Native selects: keyboard and screen-reader friendly with nothing to load.
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
      <PeriodSelect
        value={filters.range}
        custom={filters.window}
        onChange={(range) => setFilters({ range })}
      />
      <label className="flex items-center gap-2 text-sm">
        <span className="text-zinc-600 dark:text-zinc-400">Platform</span>
        <select
          className={filterSelectClass}
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
