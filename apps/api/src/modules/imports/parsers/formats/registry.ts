import type { ImportFormat } from '@crescendo/contracts';
import { normalizeHeaderName } from '../header';
import { awalFormat } from './awal';
import { bandcampFormat } from './bandcamp';
import { cdbabyFormat } from './cdbaby';
import { distrokidFormat } from './distrokid';
import type { FormatDefinition } from './format-definition';
import {
  spotifyAudienceFormat,
  spotifyPlaylistsFormat,
  spotifySongsFormat,
  spotifySongTimelineFormat,
} from './spotify';
import { tunecoreFormat } from './tunecore';

/** Every format, each recognised from its header row only. */
export const formatDefinitions: readonly FormatDefinition[] = [
  spotifyAudienceFormat,
  spotifySongsFormat,
  spotifySongTimelineFormat,
  spotifyPlaylistsFormat,
  distrokidFormat,
  tunecoreFormat,
  cdbabyFormat,
  awalFormat,
  bandcampFormat,
] as readonly FormatDefinition<string>[];

export type MatchedFormat = {
  definition: FormatDefinition;
  /** Field → column index in the file (absent when the file does not have the column). */
  columnIndexes: Map<string, number>;
  headerCount: number;
};

/**
 * The format whose required columns are all in the header (and none of its excluded ones); when
 * several match, the one that requires the most columns, as it is the more specific.
 */
export function matchFormat(headerNames: readonly string[]): MatchedFormat | null {
  const normalized = headerNames.map(normalizeHeaderName);
  const positions = new Map<string, number>();
  normalized.forEach((name, index) => {
    if (name.length > 0 && !positions.has(name)) positions.set(name, index);
  });
  let best: { match: MatchedFormat; requiredCount: number } | null = null;
  for (const definition of formatDefinitions) {
    if (definition.excludes?.some((name) => positions.has(name))) continue;
    const columnIndexes = new Map<string, number>();
    let requiredCount = 0;
    let isComplete = true;
    for (const [field, spec] of Object.entries(definition.columns)) {
      const index = spec.aliases
        .map((alias) => positions.get(alias))
        .find((at) => at !== undefined);
      if (index !== undefined) columnIndexes.set(field, index);
      if (spec.isRequired) {
        requiredCount += 1;
        if (index === undefined) isComplete = false;
      }
    }
    if (isComplete && (best === null || requiredCount > best.requiredCount)) {
      best = {
        match: { definition, columnIndexes, headerCount: headerNames.length },
        requiredCount,
      };
    }
  }
  return best?.match ?? null;
}

export function findFormatDefinition(format: ImportFormat): FormatDefinition | undefined {
  return formatDefinitions.find((definition) => definition.format === format);
}
