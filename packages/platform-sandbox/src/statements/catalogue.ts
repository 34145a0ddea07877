import { formatDay } from '../dates';
import { hashText } from '../random';
import type { Persona } from '../personas/world';

export type SampleSong = {
  title: string;
  /** Normalised ISRC (`GBCR52400001`); files may print it with dashes. */
  isrc: string;
  releaseDay: string;
  /** Each song is released as a single: its own UPC. */
  upc: string;
  /** The YouTube video the song was derived from (its official video). */
  videoId: string;
};

const officialVideoTitle = /^(.+?) - (.+) \(Official Video\)$/;

/** The most recent official videos make the catalogue (a large channel has hundreds of videos). */
const maxSongs = 30;

/**
 * A persona's songs, read from its YouTube channel: every "<Artist> - <Song> (Official Video)"
 * upload is a song released that day, so statement lines, Spotify exports and the videos share
 * titles and dates and can be linked by title. ISRCs and UPCs are derived from the persona's
 * handle, so they are stable across runs and never collide between personas.
 */
export function buildSampleCatalogue(persona: Persona): SampleSong[] {
  const { definition } = persona;
  const registrant = registrantOf(definition.handle);
  const songs: SampleSong[] = [];
  const seen = new Set<string>();
  const videos = [...persona.youtube.videos].sort((a, b) => a.publishDay - b.publishDay);
  for (const video of videos) {
    const match = officialVideoTitle.exec(video.title);
    if (video.contentType !== 'VIDEO_ON_DEMAND' || !match || match[1] !== definition.artistName) {
      continue;
    }
    const title = match[2]!;
    if (seen.has(title)) continue;
    seen.add(title);
    const releaseDay = formatDay(video.publishDay);
    const sequence = String(songs.length + 1).padStart(5, '0');
    songs.push({
      title,
      isrc: `${definition.homeCountry}${registrant}${releaseDay.slice(2, 4)}${sequence}`,
      releaseDay,
      upc: `19${String(hashText(definition.handle) % 1_000_000).padStart(6, '0')}${sequence.slice(1)}`,
      videoId: video.id,
    });
  }
  return songs.slice(-maxSongs);
}

/** Three letters/digits for the ISRC registrant code, from the handle. */
function registrantOf(handle: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  let value = hashText(handle);
  let code = '';
  for (let index = 0; index < 3; index += 1) {
    code += alphabet[value % alphabet.length];
    value = Math.floor(value / alphabet.length);
  }
  return code;
}
