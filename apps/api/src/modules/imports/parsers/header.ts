import type { DetectedImport } from './types';

export type Delimiter = DetectedImport['delimiter'];

const delimiters: readonly Delimiter[] = ['\t', ',', ';'];

/** A header name as compared: trimmed, lower case, `_` read as a space, spaces collapsed. */
export function normalizeHeaderName(name: string): string {
  return name
    .replace(/^\uFEFF/, '')
    .replace(/_/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

/** The first line of the text (the header row), or null while no line end has been seen. */
export function takeFirstLine(text: string, isComplete: boolean): string | null {
  let isQuoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index];
    if (character === '"') isQuoted = !isQuoted;
    else if (!isQuoted && (character === '\n' || character === '\r')) return text.slice(0, index);
  }
  return isComplete ? text : null;
}

/**
 * The delimiter of a header row: the one of tab, comma and semicolon that splits it into the most
 * fields outside quotes (tab first on a tie, as header names may hold commas but never tabs).
 */
export function detectDelimiter(headerLine: string): Delimiter {
  let best: Delimiter = ',';
  let bestCount = 0;
  for (const delimiter of delimiters) {
    const count = splitHeaderLine(headerLine, delimiter).length - 1;
    if (count > bestCount) {
      best = delimiter;
      bestCount = count;
    }
  }
  return best;
}

/** Splits one header line on the delimiter, honouring double quotes. */
export function splitHeaderLine(line: string, delimiter: Delimiter): string[] {
  const fields: string[] = [];
  let current = '';
  let isQuoted = false;
  for (let index = 0; index < line.length; index += 1) {
    const character = line[index];
    if (character === '"') {
      if (isQuoted && line[index + 1] === '"') {
        current += '"';
        index += 1;
      } else {
        isQuoted = !isQuoted;
      }
    } else if (character === delimiter && !isQuoted) {
      fields.push(current);
      current = '';
    } else {
      current += character;
    }
  }
  fields.push(current);
  return fields;
}
