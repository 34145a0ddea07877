import {
  emptyToNull,
  readQuantity,
  requireDay,
  requireText,
  LineError,
  type FormatDefinition,
  type ReadContext,
} from './format-definition';
import { parseDay } from '../dates';
import { readSongTitleFromFileName } from './song-title';

/**
 * Spotify for Artists exports (artists.spotify.com/faq/stats): the audience timeline
 * (`date,listeners,streams,followers`), the songs table (`song,listeners,streams,saves,
 * release_date`), one song's timeline (`date,streams`, the song named by the file name) and the
 * playlists table (playlist name, made by, listeners, streams, date added). Days are ISO dates in
 * UTC; files start with a UTF-8 byte-order mark. Blank counts are null (not reported that day).
 */

function readCount(value: string, label: string, context: ReadContext): number | null {
  return readQuantity(value, label, context, null);
}

export const spotifyAudienceFormat: FormatDefinition<
  'date' | 'listeners' | 'streams' | 'followers'
> = {
  format: 'spotify_audience_timeline',
  source: 'spotify',
  columns: {
    date: { aliases: ['date'], isRequired: true },
    listeners: { aliases: ['listeners'], isRequired: true },
    streams: { aliases: ['streams'] },
    followers: { aliases: ['followers'], isRequired: true },
  },
  readRow(cells, context) {
    return {
      record: {
        kind: 'spotify_audience_day',
        day: requireDay(cells.text('date'), 'date'),
        listeners: readCount(cells.text('listeners'), 'listeners', context),
        streams: readCount(cells.text('streams'), 'streams', context),
        followers: readCount(cells.text('followers'), 'followers', context),
      },
    };
  },
};

export const spotifySongsFormat: FormatDefinition<
  'song' | 'listeners' | 'streams' | 'saves' | 'releaseDate'
> = {
  format: 'spotify_songs',
  source: 'spotify',
  columns: {
    song: { aliases: ['song', 'song name', 'title'], isRequired: true },
    listeners: { aliases: ['listeners'] },
    streams: { aliases: ['streams'], isRequired: true },
    saves: { aliases: ['saves'] },
    releaseDate: { aliases: ['release date'], isRequired: true },
  },
  readRow(cells, context) {
    const releaseDate = cells.text('releaseDate');
    const day = releaseDate ? parseDay(releaseDate) : null;
    if (releaseDate && day === null) {
      throw new LineError(`release_date is not a date: '${releaseDate}'`);
    }
    return {
      record: {
        kind: 'spotify_song',
        title: requireText(cells.text('song'), 'song'),
        listeners: readCount(cells.text('listeners'), 'listeners', context),
        streams: readCount(cells.text('streams'), 'streams', context),
        saves: readCount(cells.text('saves'), 'saves', context),
        releaseDate: day,
      },
    };
  },
};

export const spotifySongTimelineFormat: FormatDefinition<'date' | 'streams'> = {
  format: 'spotify_song_timeline',
  source: 'spotify',
  columns: {
    date: { aliases: ['date'], isRequired: true },
    streams: { aliases: ['streams'], isRequired: true },
  },
  excludes: ['listeners', 'followers', 'song', 'saves'],
  readRow(cells, context) {
    const streams = readCount(requireText(cells.text('streams'), 'streams'), 'streams', context);
    return {
      record: {
        kind: 'spotify_song_day',
        songTitle: readSongTitleFromFileName(context.fileName),
        day: requireDay(cells.text('date'), 'date'),
        streams: streams ?? 0,
      },
    };
  },
};

export const spotifyPlaylistsFormat: FormatDefinition<
  'name' | 'madeBy' | 'listeners' | 'streams' | 'dateAdded'
> = {
  format: 'spotify_playlists',
  source: 'spotify',
  columns: {
    name: { aliases: ['playlist name', 'playlist', 'name', 'title'], isRequired: true },
    madeBy: { aliases: ['made by', 'author', 'curator', 'owner'], isRequired: true },
    listeners: { aliases: ['listeners'] },
    streams: { aliases: ['streams'], isRequired: true },
    dateAdded: { aliases: ['date added', 'added'] },
  },
  readRow(cells, context) {
    const dateAdded = cells.text('dateAdded');
    const day = dateAdded ? parseDay(dateAdded) : null;
    if (dateAdded && day === null) throw new LineError(`date added is not a date: '${dateAdded}'`);
    return {
      record: {
        kind: 'spotify_playlist',
        name: requireText(cells.text('name'), 'playlist name'),
        madeBy: emptyToNull(cells.text('madeBy')),
        listeners: readCount(cells.text('listeners'), 'listeners', context),
        streams: readCount(cells.text('streams'), 'streams', context),
        dateAdded: day,
      },
    };
  },
};
