import { describe, expect, it } from 'vitest';
import { sourceHref } from './source-links';

describe('sourceHref', () => {
  it('opens the dashboard view with the same window (its days, even when as long as a preset) and platform', () => {
    expect(
      sourceHref({
        tool: 'get_metrics',
        label: 'YouTube metrics',
        view: 'analytics',
        platform: 'youtube',
        window: { from: '2025-05-16', to: '2025-06-12' },
      }),
    ).toBe('/dashboard?from=2025-05-16&to=2025-06-12&platform=youtube');
    expect(
      sourceHref({
        tool: 'get_top_content',
        label: 'Top content by views',
        view: 'content',
        platform: 'all',
        window: { from: '2025-05-01', to: '2025-05-31' },
      }),
    ).toBe('/dashboard/content?from=2025-05-01&to=2025-05-31');
    expect(
      sourceHref({
        tool: 'get_audience',
        label: 'Audience',
        view: 'audience',
        platform: 'all',
        window: null,
      }),
    ).toBe('/dashboard/audience');
    expect(
      sourceHref({
        tool: 'get_revenue',
        label: 'Revenue by store',
        view: 'revenue',
        platform: 'all',
        window: { from: '2026-07-01', to: '2026-09-30' },
      }),
    ).toBe('/dashboard/revenue?from=2026-07-01&to=2026-09-30');
  });

  it("opens a song's page for a source about one song", () => {
    expect(
      sourceHref({
        tool: 'get_song',
        label: 'Song USS1Z2400001',
        view: 'revenue',
        platform: 'all',
        window: { from: '2025-01-01', to: '2025-03-31' },
        isrc: 'USS1Z2400001',
      }),
    ).toBe('/dashboard/songs/USS1Z2400001');
  });
});
