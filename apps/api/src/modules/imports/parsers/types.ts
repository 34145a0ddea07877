import type { ImportFormat, ImportSource } from '@crescendo/contracts';

// The parsers' one interface: the imports module stores what they yield and nothing else.

/** One money line of a distributor or store statement. */
export type StatementRecord = {
  kind: 'statement';
  /** The month the sale or stream happened, `YYYY-MM`. */
  saleMonth: string;
  /** The month the statement reported it (DistroKid's Reporting Date…), `YYYY-MM`, when given. */
  reportedMonth: string | null;
  /** One key of the store list (`stores.ts`), whatever the distributor called it. */
  store: string;
  /** The store's name as written in the file. */
  storeName: string;
  /** ISO 3166-1 alpha-2, upper case; null when the file gives none. */
  country: string | null;
  artist: string | null;
  /** The song's title (track lines) or the release's (release lines). */
  title: string | null;
  releaseTitle: string | null;
  /** Normalised: no dashes or spaces, upper case. Null on release lines. */
  isrc: string | null;
  upc: string | null;
  itemType: 'track' | 'release' | 'other';
  /** Units: streams, downloads, sales (negative on chargebacks). */
  quantity: number;
  /** Exact decimal as a plain string (`-0.00123456`), never a float. */
  earnings: string;
  /** 3-letter code of `earnings`. */
  currency: string;
  /**
   * True when `earnings` is already in the account's currency as the statement says (DistroKid's
   * Earnings (USD), TuneCore's Total Earned, AWAL's account currency); false for a line in a sale's
   * own currency with no rate in the file (Bandcamp).
   */
  isAccountCurrency: boolean;
};

/** One day of the Spotify for Artists audience timeline. */
export type SpotifyAudienceDayRecord = {
  kind: 'spotify_audience_day';
  day: string;
  listeners: number | null;
  streams: number | null;
  followers: number | null;
};

/** One row of the Spotify for Artists songs table (totals over the export's period). */
export type SpotifySongRecord = {
  kind: 'spotify_song';
  title: string;
  listeners: number | null;
  streams: number | null;
  saves: number | null;
  releaseDate: string | null;
};

/** One day of one song's Spotify timeline; the song is named by the file name only. */
export type SpotifySongDayRecord = {
  kind: 'spotify_song_day';
  songTitle: string;
  day: string;
  streams: number;
};

/** One row of the Spotify for Artists playlists table. */
export type SpotifyPlaylistRecord = {
  kind: 'spotify_playlist';
  name: string;
  madeBy: string | null;
  listeners: number | null;
  streams: number | null;
  dateAdded: string | null;
};

export type ImportRecord =
  | StatementRecord
  | SpotifyAudienceDayRecord
  | SpotifySongRecord
  | SpotifySongDayRecord
  | SpotifyPlaylistRecord;

/** A data line of the file (1-based, the header is line 1): read, or refused with a reason. */
export type ParsedRow =
  | { lineNumber: number; ok: true; record: ImportRecord; fingerprint: string }
  | { lineNumber: number; ok: false; reason: string };

export type DetectedImport = {
  format: ImportFormat;
  source: ImportSource;
  encoding: 'utf-8' | 'utf-16le' | 'windows-1252';
  delimiter: ',' | '\t' | ';';
};

/** An opened import: its format, and its rows read lazily (constant memory for any size). */
export type ImportReader = DetectedImport & { rows: AsyncIterable<ParsedRow> };
