import type { ImportFormat, ImportSource } from './imports';

/** How each format and source reads to a person (the imports page, the refusal message). */
export const importFormatLabels: Record<ImportFormat, string> = {
  spotify_audience_timeline: 'Spotify for Artists audience timeline',
  spotify_songs: 'Spotify for Artists songs table',
  spotify_song_timeline: "Spotify for Artists song's timeline",
  spotify_playlists: 'Spotify for Artists playlists table',
  distrokid: 'DistroKid "Excruciating Detail"',
  tunecore: 'TuneCore sales report',
  cdbaby: 'CD Baby sales report',
  awal: 'AWAL statement',
  bandcamp: 'Bandcamp sales report',
};
export const importSourceLabels: Record<ImportSource, string> = {
  spotify: 'Spotify for Artists',
  distrokid: 'DistroKid',
  tunecore: 'TuneCore',
  cdbaby: 'CD Baby',
  awal: 'AWAL',
  bandcamp: 'Bandcamp',
};

/** The largest file accepted, refused before it is read. */
export const maxImportFileBytes = 100 * 1024 * 1024;
