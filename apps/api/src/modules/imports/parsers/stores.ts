/**
 * One store list for every source: distributors name the same service differently (`iTunes`,
 * `Apple Music`, `YouTube (Red)`, `YouTube Music`, `Amazon Unlimited`, `Amazon Prime IN`…). A
 * statement line keeps the name as written (`storeName`) and gets one of these keys (`store`).
 */
export const storeKeys = [
  'spotify',
  'apple_music',
  'itunes',
  'youtube_music',
  'youtube',
  'amazon_music',
  'amazon_unlimited',
  'deezer',
  'tidal',
  'tiktok',
  'instagram_facebook',
  'resso',
  'pandora',
  'soundcloud',
  'bandcamp',
  'napster',
  'iheartradio',
  'anghami',
  'boomplay',
  'audiomack',
  'tencent',
  'netease',
  'jiosaavn',
  'shazam',
  'snapchat',
  'peloton',
  'other',
] as const;
export type StoreKey = (typeof storeKeys)[number];

export const storeLabels: Record<StoreKey, string> = {
  spotify: 'Spotify',
  apple_music: 'Apple Music',
  itunes: 'iTunes',
  youtube_music: 'YouTube Music',
  youtube: 'YouTube',
  amazon_music: 'Amazon Music',
  amazon_unlimited: 'Amazon Music Unlimited',
  deezer: 'Deezer',
  tidal: 'TIDAL',
  tiktok: 'TikTok',
  instagram_facebook: 'Instagram & Facebook',
  resso: 'Resso',
  pandora: 'Pandora',
  soundcloud: 'SoundCloud',
  bandcamp: 'Bandcamp',
  napster: 'Napster',
  iheartradio: 'iHeartRadio',
  anghami: 'Anghami',
  boomplay: 'Boomplay',
  audiomack: 'Audiomack',
  tencent: 'Tencent Music',
  netease: 'NetEase Cloud Music',
  jiosaavn: 'JioSaavn',
  shazam: 'Shazam',
  snapchat: 'Snapchat',
  peloton: 'Peloton',
  other: 'Other stores',
};

/** First matching rule wins: the specific names (Amazon Unlimited, YouTube Music) come first. */
const storeRules: ReadonlyArray<readonly [RegExp, StoreKey]> = [
  [/spotify/, 'spotify'],
  [/itunes|apple (download|purchase)/, 'itunes'],
  [/apple/, 'apple_music'],
  [/youtube (music|red|premium|subscription)|youtube music/, 'youtube_music'],
  [/youtube|content ?id|google video/, 'youtube'],
  [/amazon (music )?unlimited|amazon unlimited/, 'amazon_unlimited'],
  [/amazon/, 'amazon_music'],
  [/deezer/, 'deezer'],
  [/tidal/, 'tidal'],
  [/tik ?tok/, 'tiktok'],
  [/facebook|instagram|\bmeta\b|\bfb\b/, 'instagram_facebook'],
  [/resso/, 'resso'],
  [/pandora/, 'pandora'],
  [/soundcloud/, 'soundcloud'],
  [/bandcamp/, 'bandcamp'],
  [/napster|rhapsody/, 'napster'],
  [/iheart/, 'iheartradio'],
  [/anghami/, 'anghami'],
  [/boomplay/, 'boomplay'],
  [/audiomack/, 'audiomack'],
  [/tencent|qq music|kugou|kuwo|joox/, 'tencent'],
  [/netease/, 'netease'],
  [/saavn/, 'jiosaavn'],
  [/shazam/, 'shazam'],
  [/snap/, 'snapchat'],
  [/peloton/, 'peloton'],
];

/** The store key of a name as a statement writes it; `other` when no rule knows it. */
const storeCache = new Map<string, StoreKey>();

export function mapStoreName(name: string): StoreKey {
  const cached = storeCache.get(name);
  if (cached) return cached;
  const key = matchStoreName(name);
  if (storeCache.size < 1_000) storeCache.set(name, key);
  return key;
}

function matchStoreName(name: string): StoreKey {
  const simple = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
  for (const [pattern, key] of storeRules) if (pattern.test(simple)) return key;
  return 'other';
}
