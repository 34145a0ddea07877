import type { RevenueGroupBy } from '@crescendo/contracts';

/** What a question about statement money asks, in the revenue tool's terms. */
export type RevenuePlan = {
  groupBy: RevenueGroupBy;
  /** A store as the question names it ("spotify", "apple music"); matched to the statements' keys. */
  storeWord: string | null;
  /** ISO 3166-1 alpha-2. */
  country: string | null;
  /** "Which song pays best per stream?": rank by pay per unit rather than by earnings. */
  isPerUnit: boolean;
  /** "pays least": the lowest first. */
  isLeast: boolean;
  /** The previous calendar quarter ("last quarter": statements report whole months). */
  quarter: { from: string; to: string; label: string } | null;
};

const storeWords =
  /\b(spotify|apple music|itunes|amazon(?: music)?|deezer|tidal|youtube music|bandcamp|soundcloud|pandora|napster|anghami|boomplay|audiomack)\b/;
const moneyWords =
  /\b(earn(?:ed|ings?|s|ing)?|paid|pays?|paying|money|revenue|income|royalt(?:y|ies)|payouts?)\b/;
const statementWords =
  /\b(statements?|royalt(?:y|ies)|distrokid|tunecore|cd ?baby|awal|per (?:stream|play|unit|sale)|pays? (?:me )?(?:the )?(?:best|most|least|worst)|best[- ]paying|which stores?|by stores?|per stores?)\b/;

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
/** Retired and reserved codes Intl still names ("DD" is also "Germany"): never a statement's. */
const retiredCodes = new Set(
  'AN BU CS DD DY EU EZ FX HV NH NT QO RH SU TP UK UN VD YD YU ZR ZZ'.split(' '),
);
/** Country names (lower case) → code, longest first so "south africa" wins over "africa". */
const countriesByName: [string, string][] = (() => {
  const entries: [string, string][] = [];
  for (let first = 65; first <= 90; first += 1) {
    for (let second = 65; second <= 90; second += 1) {
      const code = String.fromCharCode(first, second);
      if (retiredCodes.has(code)) continue;
      let name: string | undefined;
      try {
        name = regionNames.of(code);
      } catch {
        name = undefined;
      }
      if (!name || /\d|unknown|world|europe|outlying|pseudo/i.test(name)) continue;
      entries.push([name.toLowerCase(), code]);
    }
  }
  entries.push(['usa', 'US'], ['the us', 'US'], ['the uk', 'GB'], ['britain', 'GB']);
  return entries.sort((a, b) => b[0].length - a[0].length);
})();

/** A country named after "in", "from" or "for" ("in Germany" → DE). */
export function findCountry(text: string): string | null {
  for (const [name, code] of countriesByName) {
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    if (new RegExp(`\\b(?:in|from|for)\\s+(?:the\\s+)?${escaped}\\b`).test(text)) return code;
  }
  return null;
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The calendar quarter before the one `today` is in. */
export function previousQuarter(today: string): { from: string; to: string; label: string } {
  const year = Number(today.slice(0, 4));
  const quarter = Math.floor((Number(today.slice(5, 7)) - 1) / 3);
  const previous = quarter === 0 ? { year: year - 1, quarter: 3 } : { year, quarter: quarter - 1 };
  const from = new Date(Date.UTC(previous.year, previous.quarter * 3, 1));
  const to = new Date(Date.UTC(previous.year, previous.quarter * 3 + 3, 0));
  return { from: isoDay(from), to: isoDay(to), label: `Q${previous.quarter + 1} ${previous.year}` };
}

/**
 * Whether a question is about statement money, and how: a store or a country named with money
 * words, per-stream pay, royalties and statements. Money on its own ("how much money did I make")
 * stays YouTube's estimated revenue, as before.
 */
export function understandRevenue(text: string, today: string): RevenuePlan | null {
  const store = storeWords.exec(text)?.[1] ?? null;
  const country = findCountry(text);
  const isMoney = moneyWords.test(text);
  const isStatement = statementWords.test(text);
  if (!isStatement && !(isMoney && (store !== null || country !== null))) return null;
  const isPerUnit =
    /\bper (?:stream|play|unit|sale)\b|\bpays? (?:me )?(?:the )?(?:best|most|least|worst)\b|\bbest[- ]paying\b/.test(
      text,
    );
  const groupBy: RevenueGroupBy = /\b(songs?|tracks?|singles?)\b/.test(text)
    ? 'song'
    : /\b(releases?|albums?|eps?)\b/.test(text)
      ? 'release'
      : /\b(countr(?:y|ies)|where)\b/.test(text) && country === null
        ? 'country'
        : /\b(stores?|platforms?|services?|dsps?)\b/.test(text) || (isPerUnit && store === null)
          ? 'store'
          : /\b(distributors?|sources?)\b/.test(text)
            ? 'source'
            : 'month';
  return {
    groupBy,
    storeWord: store,
    country,
    isPerUnit,
    isLeast: /\b(least|worst|lowest)\b/.test(text),
    quarter: /\b(?:last|previous|past) quarter\b/.test(text) ? previousQuarter(today) : null,
  };
}
