import { DAY_MS, formatDay } from '../dates';
import type { PersonaId } from '../personas/definitions';
import type { Persona } from '../personas/world';
import { hash3, hashText, unit3 } from '../random';
import { buildSampleCatalogue, type SampleSong } from './catalogue';

/**
 * The sample statements' model: what each song earned, month by month, store by store, country
 * by country. The files are written from it, and tests total it independently of the files.
 * Money is integer nano-units (1e-9 of the currency), so every sum is exact.
 */

export type Distributor = 'distrokid' | 'tunecore' | 'cdbaby' | 'awal';
export const distributors: readonly Distributor[] = ['distrokid', 'tunecore', 'cdbaby', 'awal'];

/** Months each distributor's statements run behind the sale month. */
export const statementLagMonths: Record<Distributor | 'bandcamp', number> = {
  distrokid: 2,
  tunecore: 3,
  cdbaby: 3,
  awal: 2,
  bandcamp: 0,
};

export type StatementLine = {
  saleMonth: string;
  /** The day the distributor reported it. */
  reportedDay: string;
  song: SampleSong;
  /** The store as this distributor names it. */
  storeName: string;
  country: string;
  quantity: number;
  /** Nano-units of `currency`; negative on a correction. */
  earningsNanos: bigint;
  currency: string;
};

type Store = { key: string; names: Record<Distributor, string>; share: number; rate: number };

/** Store names as each distributor writes them; `rate` in USD per stream in the US. */
const stores: readonly Store[] = [
  {
    key: 'spotify',
    names: { distrokid: 'Spotify', tunecore: 'Spotify', cdbaby: 'Spotify', awal: 'Spotify' },
    share: 0.62,
    rate: 0.0038,
  },
  {
    key: 'apple_music',
    names: {
      distrokid: 'Apple Music',
      tunecore: 'Apple Music',
      cdbaby: 'Apple Music',
      awal: 'Apple Music',
    },
    share: 0.14,
    rate: 0.0071,
  },
  {
    key: 'youtube_music',
    names: {
      distrokid: 'YouTube (Red)',
      tunecore: 'YouTube Music',
      cdbaby: 'YouTube Music',
      awal: 'YouTube Music',
    },
    share: 0.09,
    rate: 0.0042,
  },
  {
    key: 'amazon_unlimited',
    names: {
      distrokid: 'Amazon Unlimited',
      tunecore: 'Amazon Music Unlimited',
      cdbaby: 'Amazon Music Unlimited',
      awal: 'Amazon Music',
    },
    share: 0.07,
    rate: 0.0045,
  },
  {
    key: 'deezer',
    names: { distrokid: 'Deezer', tunecore: 'Deezer', cdbaby: 'Deezer', awal: 'Deezer' },
    share: 0.05,
    rate: 0.0033,
  },
  {
    key: 'tiktok',
    names: { distrokid: 'TikTok', tunecore: 'TikTok', cdbaby: 'TikTok', awal: 'TikTok' },
    share: 0.03,
    rate: 0.0006,
  },
];

/** Country rate factors against the US (streaming pays less where subscriptions cost less). */
const countryFactors: Record<string, number> = {
  US: 1,
  GB: 0.95,
  DE: 0.9,
  FR: 0.8,
  IT: 0.65,
  ES: 0.6,
  CA: 0.85,
  AU: 0.9,
  BR: 0.3,
  MX: 0.3,
  IN: 0.12,
  RE: 0.7,
};

const monthlyStreamsPerSong: Record<PersonaId, number> = {
  small: 1_400,
  mid: 42_000,
  large: 520_000,
};

export type SampleModel = {
  personaId: PersonaId;
  artistName: string;
  songs: SampleSong[];
  /** Sale months covered, oldest first (`YYYY-MM`), up to the month before "now". */
  months: string[];
  /** Which distributor carries which songs (an artist who changed distributors over time). */
  songsByDistributor: Record<Distributor, SampleSong[]>;
  streams(song: SampleSong, month: string): number;
  /** Every line a distributor reports for the months it has reached, by sale month. */
  linesOf(distributor: Distributor): StatementLine[];
  countries: string[];
  seed: number;
  nowDay: number;
};

export function buildSampleModel(
  persona: Persona,
  nowDay: number,
  monthCount: number,
): SampleModel {
  const seed = hash3(hashText(persona.definition.handle), 0x57a7, 1);
  const songs = buildSampleCatalogue(persona);
  const now = new Date(nowDay * DAY_MS);
  const months: string[] = [];
  for (let back = monthCount; back >= 1; back -= 1) {
    months.push(
      new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1))
        .toISOString()
        .slice(0, 7),
    );
  }
  const songsByDistributor = Object.fromEntries(
    distributors.map((distributor, index) => {
      const own = songs.filter((_, songIndex) => songIndex % distributors.length === index);
      // Fewer songs than distributors: the first songs are also sold through the others.
      const carried = own.length > 0 || songs.length === 0 ? own : [songs[index % songs.length]!];
      return [distributor, carried];
    }),
  ) as Record<Distributor, SampleSong[]>;
  const home = persona.definition.homeCountry;
  const countries = [...new Set([home, 'US', 'GB', 'DE', 'FR', 'BR', 'IN'])].slice(0, 6);
  const base = monthlyStreamsPerSong[persona.id];

  const streams = (song: SampleSong, month: string): number => {
    const releaseMonth = song.releaseDay.slice(0, 7);
    if (month < releaseMonth) return 0;
    const age = monthsBetween(releaseMonth, month);
    const decay = 0.3 + 0.7 * Math.exp(-age / 5);
    const noise = 0.8 + 0.4 * unit3(seed, hashText(song.isrc), hashText(month));
    return Math.round(base * decay * noise * (age === 0 ? 0.6 : 1));
  };

  const linesOf = (distributor: Distributor): StatementLine[] => {
    // AWAL's statement also reaches Réunion: its file spells it with an accent (Windows-1252).
    const reached = distributor === 'awal' ? [...countries, 'RE'] : countries;
    const countryWeights = reached.map((country) => (country === home ? 3 : 1));
    const countryWeightSum = countryWeights.reduce((sum, weight) => sum + weight, 0);
    const lastReported = addMonths(formatDay(nowDay).slice(0, 7), -statementLagMonths[distributor]);
    const lines: StatementLine[] = [];
    for (const month of months) {
      if (month > lastReported) continue;
      const reportedDay = `${addMonths(month, statementLagMonths[distributor])}-${String(
        5 + (hashText(distributor + month) % 20),
      ).padStart(2, '0')}`;
      for (const song of songsByDistributor[distributor]) {
        const total = streams(song, month);
        if (total === 0) continue;
        for (const store of stores) {
          reached.forEach((country, countryIndex) => {
            const quantity = Math.round(
              (total * store.share * countryWeights[countryIndex]!) / countryWeightSum,
            );
            if (quantity === 0) return;
            const rate = store.rate * (countryFactors[country] ?? 0.5);
            const jitter =
              0.9 + 0.2 * unit3(seed, hashText(song.isrc + store.key + country), hashText(month));
            lines.push({
              saleMonth: month,
              reportedDay,
              song,
              storeName: store.names[distributor],
              country,
              quantity,
              earningsNanos: BigInt(Math.round(quantity * rate * jitter * 1e9)),
              currency: distributor === 'awal' ? awalCurrencyOf(home) : 'USD',
            });
          });
        }
      }
    }
    return lines;
  };

  return {
    personaId: persona.id,
    artistName: persona.definition.artistName,
    songs,
    months,
    songsByDistributor,
    streams,
    linesOf,
    countries,
    seed,
    nowDay,
  };
}

/** AWAL pays in the account's currency: a British artist's is GBP, a European's EUR. */
function awalCurrencyOf(homeCountry: string): string {
  return homeCountry === 'GB' ? 'GBP' : homeCountry === 'US' ? 'USD' : 'EUR';
}

export function addMonths(month: string, count: number): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, monthNumber - 1 + count, 1)).toISOString().slice(0, 7);
}

/** `YYYY-MM-DD` of a month's last day. */
export function lastDayOf(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, monthNumber, 0)).toISOString().slice(0, 10);
}

function monthsBetween(from: string, to: string): number {
  const [fromYear, fromMonth] = from.split('-').map(Number) as [number, number];
  const [toYear, toMonth] = to.split('-').map(Number) as [number, number];
  return (toYear - fromYear) * 12 + (toMonth - fromMonth);
}

/** Nano-units as a plain decimal string with all nine decimals (`-0.004123000`). */
export function formatNanos(nanos: bigint): string {
  const isNegative = nanos < 0n;
  const digits = (isNegative ? -nanos : nanos).toString().padStart(10, '0');
  return `${isNegative ? '-' : ''}${digits.slice(0, -9)}.${digits.slice(-9)}`;
}
