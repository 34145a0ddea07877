import type { ContentRow } from '@crescendo/contracts';

const noise = new Set([
  'official',
  'video',
  'music',
  'audio',
  'lyric',
  'lyrics',
  'visualizer',
  'live',
  'the',
  'a',
  'an',
  'of',
  'and',
  'feat',
  'ft',
  'my',
  'in',
  'on',
  'to',
  'at',
  'is',
  'how',
  'did',
  'does',
  'do',
  'was',
  'for',
  'song',
  'track',
  'single',
]);

function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9 ]+/g, ' ')
    .split(/\s+/)
    .filter((word) => word.length > 1 && !noise.has(word));
}

/**
 * The song or video a question names loosely ("how is midnight drive doing?" for “Midnight Drive
 * (Official Video)”): the title whose meaningful words the question contains most completely.
 */
export function findContent(question: string, catalogue: ContentRow[]): ContentRow | null {
  const asked = new Set(wordsOf(question));
  let best: { item: ContentRow; score: number; words: number } | null = null;
  for (const item of catalogue) {
    const title = item.title.replace(/\([^)]*\)|\[[^\]]*\]|#\w+/g, ' ');
    // "Artist - Song": the song alone counts as its name too.
    const variants = [
      title,
      ...(title.includes(' - ') ? [title.split(' - ').slice(1).join(' ')] : []),
    ];
    for (const variant of variants) {
      const words = [...new Set(wordsOf(variant))];
      if (words.length === 0) continue;
      const matched = words.filter((word) => asked.has(word)).length;
      const score = matched / words.length;
      if (matched === 0 || score < 0.6) continue;
      if (!best || score > best.score || (score === best.score && matched > best.words))
        best = { item, score, words: matched };
    }
  }
  return best?.item ?? null;
}

const typesByHint: Record<string, string[]> = {
  single: ['video'],
  song: ['video'],
  track: ['video'],
  release: ['video'],
  video: ['video'],
  album: ['video'],
  ep: ['video'],
  drop: ['video', 'short', 'reel'],
  reel: ['reel'],
  short: ['short'],
  post: ['post'],
};

/** The release a "since … came out" question means: named, or the latest of its kind. */
export function latestRelease(
  hint: string | null,
  catalogue: ContentRow[],
  question: string,
): ContentRow | null {
  const types = hint ? typesByHint[hint] : undefined;
  if (hint && !types) return findContent(hint, catalogue) ?? findContent(question, catalogue);
  const named = findContent(question, catalogue);
  if (named) return named;
  const candidates = catalogue
    .filter((item) => !types || types.includes(item.type))
    .sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));
  return candidates[0] ?? null;
}
