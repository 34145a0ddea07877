import type { AccountAnalytics } from '@crescendo/contracts';
import {
  PlatformBreakdownList,
  PlatformUnavailableNotice,
  toCountShareRows,
  type BreakdownRow,
} from '@/components/charts/platform-breakdown-list';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatLongDay, formatShare } from '@/lib/format';
import { formatAudienceKey, inAgeOrder } from '@/lib/audience-labels';

type Entry = AccountAnalytics['audience'][number];

const TOP_ROWS = 5;

const demographicsWithheld =
  'YouTube only shares age and gender once enough signed-in viewers watch to keep them anonymous.';
const breakdownWithheld = 'YouTube has not reported this breakdown for the period.';

/** Views-based breakdowns (country, device, traffic source) as shares of the listed views. */
function byViews(entries: Entry[]): BreakdownRow[] {
  return toCountShareRows(entries, {
    count: (entry) => entry.views,
    label: (entry) => formatAudienceKey(entry.dimension, entry.value),
    limit: TOP_ROWS,
  });
}

/** Demographics arrive as viewer percentages. */
function byPercentage(entries: Entry[], limit = TOP_ROWS): BreakdownRow[] {
  return entries
    .filter((entry) => entry.percentage !== null)
    .sort((a, b) => (b.percentage ?? 0) - (a.percentage ?? 0))
    .slice(0, limit)
    .map((entry) => ({
      label: formatAudienceKey(entry.dimension, entry.value),
      share: (entry.percentage ?? 0) / 100,
      display: formatShare((entry.percentage ?? 0) / 100),
    }));
}

/** Where viewers are, what they watch on, how they find you and who they are. */
export function ChannelAudience({ audience }: { audience: AccountAnalytics['audience'] }) {
  const of = (dimension: Entry['dimension']) =>
    audience.filter((entry) => entry.dimension === dimension);
  const period = audience[0];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Audience</CardTitle>
        <CardDescription>
          {period
            ? `${period.periodStart ? `${formatLongDay(period.periodStart)} – ` : 'Through '}${formatLongDay(period.periodEnd)}`
            : 'Who watches, where they are and how they find you.'}
        </CardDescription>
      </CardHeader>
      {audience.length === 0 ? (
        <CardContent>
          <PlatformUnavailableNotice reason="YouTube has not reported who watches this channel yet. Audience numbers arrive once the channel has enough views." />
        </CardContent>
      ) : (
        <CardContent className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          <PlatformBreakdownList
            title="Top countries"
            rows={byViews(of('country'))}
            unavailableReason={breakdownWithheld}
          />
          <PlatformBreakdownList
            title="Traffic sources"
            rows={byViews(of('traffic_source'))}
            unavailableReason={breakdownWithheld}
          />
          <PlatformBreakdownList
            title="Devices"
            rows={byViews(of('device'))}
            unavailableReason={breakdownWithheld}
          />
          <PlatformBreakdownList
            title="Age"
            rows={inAgeOrder(byPercentage(of('age'), Infinity), (row) => row.label)}
            unavailableReason={demographicsWithheld}
          />
          <PlatformBreakdownList
            title="Gender"
            rows={byPercentage(of('gender'))}
            unavailableReason={demographicsWithheld}
          />
        </CardContent>
      )}
    </Card>
  );
}
