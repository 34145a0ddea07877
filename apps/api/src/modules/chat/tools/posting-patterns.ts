import type { ContentRow } from '@crescendo/contracts';

/**
 * What did best among the items published in a window: formats, lengths, weekdays and times of
 * day, each group judged by the median views of its items (one viral item cannot carry a group),
 * with the items behind it. Items are compared within their platform's kind of figure: range
 * figures (views inside the window) and lifetime counters are never ranked together.
 */
export type PostingGroup = {
  key: string;
  label: string;
  items: number;
  medianViews: number;
  /** The group's median against the median of every item it is compared with (1.5 = 50 % more). */
  timesTypical: number | null;
  examples: { id: string; title: string; platform: string; type: string; views: number }[];
};

export type PostingPatterns = {
  /** Where the weekday and hour of publishing are read (the artist's time zone, else UTC). */
  timeZone: string;
  itemsPublished: number;
  itemsCompared: number;
  typicalViews: number | null;
  /** Which figure the comparison used: `range` (views inside the window) or `lifetime`. */
  figures: 'range' | 'lifetime' | null;
  formats: PostingGroup[];
  lengths: PostingGroup[];
  weekdays: PostingGroup[];
  timesOfDay: PostingGroup[];
  topItems: PostingGroup['examples'];
};

const weekdayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const formatNames: Record<string, string> = {
  video: 'videos',
  short: 'Shorts',
  reel: 'reels',
  post: 'posts',
  image: 'image posts',
  carousel: 'carousels',
  story: 'stories',
  live: 'live streams',
};

const platformWords: Record<string, string> = {
  youtube: 'YouTube',
  instagram: 'Instagram',
  facebook: 'Facebook',
  tiktok: 'TikTok',
};

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function lengthOf(seconds: number): { key: string; label: string } {
  if (seconds < 60) return { key: 'under-1m', label: 'under 1 minute' };
  if (seconds < 180) return { key: '1-3m', label: '1–3 minutes' };
  if (seconds < 300) return { key: '3-5m', label: '3–5 minutes' };
  if (seconds < 600) return { key: '5-10m', label: '5–10 minutes' };
  return { key: '10m-plus', label: '10 minutes or longer' };
}

function timeOfDayOf(hour: number): { key: string; label: string } {
  if (hour >= 6 && hour < 12) return { key: 'morning', label: 'mornings (6:00–12:00)' };
  if (hour >= 12 && hour < 17) return { key: 'afternoon', label: 'afternoons (12:00–17:00)' };
  if (hour >= 17 && hour < 22) return { key: 'evening', label: 'evenings (17:00–22:00)' };
  return { key: 'night', label: 'nights (22:00–6:00)' };
}

function localParts(iso: string, timeZone: string): { weekday: number; hour: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    hour: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(
    parts.find((part) => part.type === 'weekday')!.value,
  );
  return { weekday, hour: Number(parts.find((part) => part.type === 'hour')!.value) };
}

type Scored = ContentRow & { views: number };

function exampleOf(item: Scored): PostingGroup['examples'][number] {
  return {
    id: item.id,
    title: item.title,
    platform: item.platform,
    type: item.type,
    views: item.views,
  };
}

function groupBy(
  items: Scored[],
  keyOf: (item: Scored) => { key: string; label: string } | null,
  typical: number,
): PostingGroup[] {
  const groups = new Map<string, { label: string; items: Scored[] }>();
  for (const item of items) {
    const found = keyOf(item);
    if (!found) continue;
    const group = groups.get(found.key) ?? { label: found.label, items: [] };
    group.items.push(item);
    groups.set(found.key, group);
  }
  return [...groups.entries()]
    .map(([key, group]) => {
      const medianViews = Math.round(median(group.items.map((item) => item.views)));
      return {
        key,
        label: group.label,
        items: group.items.length,
        medianViews,
        timesTypical: typical > 0 ? Number((medianViews / typical).toFixed(1)) : null,
        examples: [...group.items]
          .sort((a, b) => b.views - a.views || a.id.localeCompare(b.id))
          .slice(0, 3)
          .map(exampleOf),
      };
    })
    .sort(
      (a, b) => b.medianViews - a.medianViews || b.items - a.items || a.key.localeCompare(b.key),
    );
}

/** Groups the items published in `window` (the content endpoint's rows) by what did best. */
export function findPostingPatterns(
  rows: ContentRow[],
  window: { from: string; to: string },
  timeZone: string,
): PostingPatterns {
  const published = rows.filter((row) => {
    const day = row.publishedAt.slice(0, 10);
    return day >= window.from && day <= window.to;
  });
  // The figure most of the items have: range and lifetime counters are never mixed.
  const rangeCount = published.filter((row) => row.figures === 'range').length;
  const figures =
    published.length === 0 ? null : rangeCount * 2 >= published.length ? 'range' : 'lifetime';
  const compared = published.filter(
    (row): row is Scored => row.figures === figures && typeof row.views === 'number',
  );
  const typical = compared.length > 0 ? Math.round(median(compared.map((row) => row.views))) : 0;
  const withLocal = compared.map((item) => ({
    item,
    local: localParts(item.publishedAt, timeZone),
  }));
  const localOf = new Map(withLocal.map(({ item, local }) => [item.id, local]));
  return {
    timeZone,
    itemsPublished: published.length,
    itemsCompared: compared.length,
    typicalViews: compared.length > 0 ? typical : null,
    figures,
    formats: groupBy(
      compared,
      (item) => ({
        key: `${item.platform}:${item.type}`,
        label: `${platformWords[item.platform] ?? item.platform} ${formatNames[item.type] ?? `${item.type}s`}`,
      }),
      typical,
    ),
    lengths: groupBy(
      compared,
      (item) => (typeof item.durationSeconds === 'number' ? lengthOf(item.durationSeconds) : null),
      typical,
    ),
    weekdays: groupBy(
      compared,
      (item) => {
        const weekday = localOf.get(item.id)!.weekday;
        return { key: String(weekday), label: `${weekdayNames[weekday]}s` };
      },
      typical,
    ),
    timesOfDay: groupBy(compared, (item) => timeOfDayOf(localOf.get(item.id)!.hour), typical),
    topItems: [...compared]
      .sort((a, b) => b.views - a.views || a.id.localeCompare(b.id))
      .slice(0, 5)
      .map(exampleOf),
  };
}
