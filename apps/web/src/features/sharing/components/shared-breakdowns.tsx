import type { SharedAudience, SharedContent } from '@crescendo/contracts';
import { formatAudienceKey } from '@/lib/audience-labels';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatCompactNumber, formatDate, formatLongDay, formatShare } from '@/lib/format';
import { platformNames } from './share-labels';

const dimensionTitles: Record<SharedAudience['breakdowns'][number]['dimension'], string> = {
  country: 'Top countries',
  city: 'Top cities',
  age: 'Age',
  gender: 'Gender',
  device: 'Devices',
  traffic_source: 'Traffic sources',
};

/** Each breakdown the platforms report, top items first, with what it is based on. */
export function SharedAudienceFigures({ audience }: { audience: SharedAudience }) {
  const available = audience.breakdowns.filter((breakdown) => breakdown.isAvailable);
  if (available.length === 0) {
    return <p className="text-sm text-zinc-600 dark:text-zinc-400">No audience breakdowns yet.</p>;
  }
  return (
    <div className="grid gap-3 md:grid-cols-2">
      {available.map((breakdown) => (
        <Card key={`${breakdown.platform}-${breakdown.dimension}`} className="p-4">
          <h2 className="font-semibold">
            {dimensionTitles[breakdown.dimension]} · {platformNames[breakdown.platform]}
          </h2>
          <p className="mb-3 text-xs text-zinc-600 dark:text-zinc-400">
            By {breakdown.basis}
            {breakdown.period
              ? `, ${breakdown.period.start ? `${formatLongDay(breakdown.period.start)} – ` : 'through '}${formatLongDay(breakdown.period.end)}`
              : ''}
          </p>
          <ul className="flex flex-col gap-2">
            {breakdown.items.slice(0, 6).map((item) => (
              <li key={item.key} className="flex flex-col gap-1 text-sm">
                <div className="flex justify-between gap-2">
                  <span className="truncate">
                    {formatAudienceKey(breakdown.dimension, item.key)}
                  </span>
                  <span className="tabular-nums">{formatShare(item.share)}</span>
                </div>
                <div className="h-1.5 rounded-full bg-zinc-100 dark:bg-zinc-800">
                  <div
                    className="h-1.5 rounded-full bg-brand-500"
                    style={{ width: `${Math.round(item.share * 100)}%` }}
                  />
                </div>
              </li>
            ))}
          </ul>
        </Card>
      ))}
    </div>
  );
}

/** The content list: one page at a time, most viewed first. */
export function SharedContentFigures({
  content,
  onPage,
}: {
  content: SharedContent;
  onPage: (page: number) => void;
}) {
  const lastPage = Math.max(1, Math.ceil(content.total / content.pageSize));
  return (
    <div className="flex flex-col gap-3">
      <ul className="divide-y divide-zinc-200 dark:divide-zinc-800" aria-label="Content">
        {content.items.map((item, index) => (
          <li
            key={`${item.platform}-${item.publishedAt}-${index}`}
            className="flex items-start justify-between gap-3 py-3"
          >
            <div className="min-w-0">
              <p className="truncate font-medium">{item.title}</p>
              <p className="text-xs text-zinc-600 dark:text-zinc-400">
                {platformNames[item.platform]} · {item.type} · {formatDate(item.publishedAt)}
                {item.figures === 'lifetime' ? ' · lifetime figures' : ''}
              </p>
            </div>
            {/* Lifetime counters (Instagram, Facebook) are said as such, never as the period's. */}
            <div className="shrink-0 text-right text-sm tabular-nums">
              <p className="font-semibold">
                {formatCompactNumber(item.lifetime ? item.lifetime.views : item.views)}{' '}
                {item.lifetime ? 'views in its lifetime' : 'views'}
              </p>
              <p className="text-xs text-zinc-600 dark:text-zinc-400">
                {formatCompactNumber(item.lifetime ? item.lifetime.likes : item.likes)} likes
              </p>
            </div>
          </li>
        ))}
      </ul>
      {lastPage > 1 ? (
        <nav aria-label="Content pages" className="flex items-center justify-between gap-2">
          <Button
            variant="secondary"
            size="sm"
            disabled={content.page <= 1}
            onClick={() => onPage(content.page - 1)}
          >
            Previous
          </Button>
          <span className="text-sm">
            Page {content.page} of {lastPage}
          </span>
          <Button
            variant="secondary"
            size="sm"
            disabled={content.page >= lastPage}
            onClick={() => onPage(content.page + 1)}
          >
            Next
          </Button>
        </nav>
      ) : null}
    </div>
  );
}
