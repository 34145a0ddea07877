import type { ChatSource } from '@crescendo/contracts';
import { buildSongHref, paths } from '@/config/paths';

const viewPaths = {
  analytics: paths.dashboard,
  audience: paths.dashboardAudience,
  content: paths.dashboardContent,
  roi: paths.dashboardRoi,
  revenue: paths.dashboardRevenue,
} as const;

/**
 * The dashboard view showing a source's figures, with its filters: the platform, and the window's
 * own days. Always the days, never a preset of the same length: a preset ends on the last complete
 * day, which the answer's window may not (the dashboards show the days as a custom period).
 */
export function sourceHref(source: ChatSource): string {
  // One song's figures open its page (all its time, with each source's freshness).
  if (source.isrc) return buildSongHref(source.isrc);
  const params = new URLSearchParams();
  if (source.window) {
    params.set('from', source.window.from);
    params.set('to', source.window.to);
  }
  if (source.platform !== 'all') params.set('platform', source.platform);
  const query = params.toString();
  return `${viewPaths[source.view]}${query ? `?${query}` : ''}`;
}

export function sourceLabel(source: ChatSource): string {
  const window = source.window
    ? source.window.from === source.window.to
      ? ` · ${source.window.from}`
      : ` · ${source.window.from} → ${source.window.to}`
    : '';
  return `${source.label}${window}`;
}
