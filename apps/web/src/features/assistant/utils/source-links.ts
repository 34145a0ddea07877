import type { ChatSource } from '@crescendo/contracts';
import { paths } from '@/config/paths';

const presetByDays: Record<number, string> = { 7: '7d', 28: '28d', 90: '90d', 365: '365d' };

function daysOf(window: { from: string; to: string }): number {
  return Math.round((Date.parse(window.to) - Date.parse(window.from)) / 86_400_000) + 1;
}

const viewPaths = {
  analytics: paths.dashboard,
  audience: paths.dashboardAudience,
  content: paths.dashboardContent,
  roi: paths.dashboardRoi,
} as const;

/**
 * The dashboard view showing a source's figures, with its filters: the platform, and the window as
 * the preset it matches (or its dates when it matches none).
 */
export function sourceHref(source: ChatSource): string {
  const params = new URLSearchParams();
  if (source.window) {
    const preset = presetByDays[daysOf(source.window)];
    if (preset) params.set('range', preset);
    else {
      params.set('from', source.window.from);
      params.set('to', source.window.to);
    }
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
