// Titles compared across sources: a statement's "Midnight Drive", Spotify's "Midnight Drive" and
// YouTube's "Nora Lumen - Midnight Drive (Official Video)" name one song. Titles only ever suggest a
// match (Spotify rows have no ISRC; platform items are linked when the artist confirms).

/** Words that describe a video rather than the song. */
const noiseWords = new Set([
  'official',
  'video',
  'music',
  'audio',
  'lyric',
  'lyrics',
  'visualizer',
  'visualiser',
  'hd',
  '4k',
  'shorts',
  'short',
  'reel',
  'clip',
  'mv',
]);

/** Lower case, no accents, `&` as "and", punctuation as spaces, spaces collapsed. */
export function normalizeTitle(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** A platform item's title reduced to what may name a song: no bracketed notes, hashtags or "Artist - ". */
function reduceItemTitle(title: string, artist: string | null): string[] {
  let reduced = title.replace(/[([{][^)\]}]*[)\]}]/g, ' ').replace(/#\S+/g, ' ');
  const dash = reduced.search(/\s[-–—|]\s/);
  if (dash > 0) {
    const before = normalizeTitle(reduced.slice(0, dash));
    // "Artist - Song": keep the song side when the left side is the artist (or any short prefix).
    if (!artist || before === normalizeTitle(artist) || before.split(' ').length <= 3) {
      reduced = reduced.slice(dash + 3);
    }
  }
  return normalizeTitle(reduced)
    .split(' ')
    .filter((word) => word && !noiseWords.has(word));
}

/**
 * How closely a platform item's title names the song, 0–1: 1 for the same words, 0.9 when the
 * item's title holds the song's title whole among other words, else the overlap of their words.
 */
export function scoreTitleMatch(
  songTitle: string,
  itemTitle: string,
  artist: string | null = null,
): number {
  const songWords = normalizeTitle(songTitle).split(' ').filter(Boolean);
  const itemWords = reduceItemTitle(itemTitle, artist);
  if (songWords.length === 0 || itemWords.length === 0) return 0;
  const song = songWords.join(' ');
  const item = itemWords.join(' ');
  if (song === item) return 1;
  if (` ${item} `.includes(` ${song} `)) return 0.9;
  const itemSet = new Set(itemWords);
  const shared = new Set(songWords.filter((word) => itemSet.has(word))).size;
  const dice = (2 * shared) / (new Set(songWords).size + itemSet.size);
  return Math.round(dice * 0.85 * 100) / 100;
}
