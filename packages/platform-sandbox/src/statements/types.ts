import type { Distributor } from './model';

export type SampleFormat =
  | 'spotify_audience_timeline'
  | 'spotify_songs'
  | 'spotify_song_timeline'
  | 'spotify_playlists'
  | Distributor
  | 'bandcamp';
export type SampleSource = 'spotify' | Distributor | 'bandcamp';

/** What a file was written from, line by line: tests total it without reading the file. */
export type SampleFileModel = {
  amounts: Array<{ quantity: number; earningsNanos: bigint; currency: string }>;
  /** Lines written unreadable on purpose (a person should see them listed). */
  deliberateRejections: number;
};

export type SampleStatementFile = {
  fileName: string;
  format: SampleFormat;
  source: SampleSource;
  bytes: Buffer;
  model: SampleFileModel;
};
