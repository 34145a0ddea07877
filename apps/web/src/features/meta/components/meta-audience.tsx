import type { AccountAnalytics } from '@crescendo/contracts';
import {
  PlatformBreakdownList,
  PlatformUnavailableNotice,
  toCountShareRows,
  type BreakdownRow,
} from '@/components/charts/platform-breakdown-list';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatLongDay } from '@/lib/format';
import { formatAudienceKey, inAgeOrder } from '@/lib/audience-labels';

type Entry = AccountAnalytics['audience'][number];

const TOP_ROWS = 5;
/** Meta's privacy threshold for follower demographics. */
const DEMOGRAPHICS_MIN_FOLLOWERS = 100;

function toRows(entries: Entry[], limit = TOP_ROWS): BreakdownRow[] {
  return toCountShareRows(entries, {
    count: (entry) => entry.followers,
    label: (entry) => formatAudienceKey(entry.dimension, entry.value),
    limit,
  });
}

export function withheldReason(followers: number | null): string {
  if (followers !== null && followers < DEMOGRAPHICS_MIN_FOLLOWERS) {
    return `Instagram shares follower demographics once an account reaches ${DEMOGRAPHICS_MIN_FOLLOWERS} followers (you have ${followers}).`;
  }
  return 'Instagram has not shared this breakdown for your account yet.';
}

/** Instagram follower demographics; withheld breakdowns say so instead of showing zeros. */
export function MetaAudience({ instagram }: { instagram: AccountAnalytics }) {
  const of = (dimension: Entry['dimension'], limit?: number) =>
    toRows(
      instagram.audience.filter((entry) => entry.dimension === dimension),
      limit,
    );
  const reason = withheldReason(instagram.followersTotal);
  const snapshot = instagram.audience[0];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Instagram followers</CardTitle>
        <CardDescription>
          {snapshot
            ? `Who follows you, as of ${formatLongDay(snapshot.periodEnd)}.`
            : 'Who follows you: age, gender and where they live.'}
        </CardDescription>
      </CardHeader>
      {instagram.audience.length === 0 ? (
        <CardContent className="flex flex-col gap-2">
          <p className="text-sm font-medium">Age, gender, countries and cities</p>
          <PlatformUnavailableNotice reason={reason} />
        </CardContent>
      ) : (
        <CardContent className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          <PlatformBreakdownList
            title="Age"
            rows={inAgeOrder(of('age', Infinity), (row) => row.label)}
            unavailableReason={reason}
          />
          <PlatformBreakdownList title="Gender" rows={of('gender')} unavailableReason={reason} />
          <PlatformBreakdownList
            title="Top countries"
            rows={of('country')}
            unavailableReason={reason}
          />
          <PlatformBreakdownList title="Top cities" rows={of('city')} unavailableReason={reason} />
        </CardContent>
      )}
    </Card>
  );
}
