import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendGoogleError } from './google-errors';

/** A parsed `fields=` selection: each key keeps the whole value (true) or a sub-selection. */
export type FieldSelection = Map<string, FieldSelection | true>;

export class FieldSelectionError extends Error {}

function merge(target: FieldSelection, key: string, selection: FieldSelection | true): void {
  const existing = target.get(key);
  if (existing === true || selection === true || existing === undefined) {
    target.set(key, existing === undefined ? selection : true);
    return;
  }
  for (const [childKey, child] of selection) merge(existing, childKey, child);
}

/**
 * Google's partial-response syntax (https://developers.google.com/youtube/v3/getting-started#fields):
 * `items(id,snippet/title),nextPageToken`: commas separate selections, `a/b` selects inside a
 * field, `a(b,c)` selects several inside it, `*` every field.
 */
export function parseFieldSelection(text: string): FieldSelection {
  let position = 0;
  const fail = (): never => {
    throw new FieldSelectionError(`Invalid field selection ${text}`);
  };
  const readName = (): string => {
    const match = /^(\*|[A-Za-z_][A-Za-z0-9_]*)/.exec(text.slice(position));
    if (!match) return fail();
    position += match[0].length;
    return match[0];
  };
  const readList = (): FieldSelection => {
    const selection: FieldSelection = new Map();
    for (;;) {
      const path = [readName()];
      while (text[position] === '/') {
        position += 1;
        path.push(readName());
      }
      let leaf: FieldSelection | true = true;
      if (text[position] === '(') {
        position += 1;
        leaf = readList();
        if (text[position] !== ')') fail();
        position += 1;
      }
      let node: FieldSelection | true = leaf;
      for (let index = path.length - 1; index > 0; index -= 1)
        node = new Map([[path[index]!, node]]);
      merge(selection, path[0]!, node);
      if (text[position] !== ',') return selection;
      position += 1;
    }
  };
  const selection = readList();
  if (position !== text.length) fail();
  return selection;
}

/** Keeps only the selected fields; arrays apply the selection to each element. */
export function applyFieldSelection(value: unknown, selection: FieldSelection): unknown {
  if (Array.isArray(value)) return value.map((item) => applyFieldSelection(item, selection));
  if (!value || typeof value !== 'object') return value;
  const source = value as Record<string, unknown>;
  const result: Record<string, unknown> = {};
  for (const [key, child] of selection) {
    const keys = key === '*' ? Object.keys(source) : key in source ? [key] : [];
    for (const name of keys)
      result[name] = child === true ? source[name] : applyFieldSelection(source[name], child);
  }
  return result;
}

const selections = new WeakMap<FastifyRequest, FieldSelection>();

/**
 * Honours `fields=` on a Google API's routes: a bad selection is Google's 400 before the
 * handler runs; a successful JSON answer keeps only what was selected.
 */
export function registerPartialResponse(app: FastifyInstance): void {
  app.addHook('preHandler', async (request, reply) => {
    const raw = (request.query as Record<string, unknown> | undefined)?.fields;
    const fields = Array.isArray(raw) ? raw.map(String).join(',') : raw;
    if (typeof fields !== 'string' || fields === '') return;
    try {
      selections.set(request, parseFieldSelection(fields));
    } catch (error) {
      if (!(error instanceof FieldSelectionError)) throw error;
      return sendGoogleError(reply, 400, error.message, 'invalidParameter', {
        location: 'fields',
        locationType: 'parameter',
      });
    }
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const selection = selections.get(request);
    if (!selection || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    return JSON.stringify(applyFieldSelection(JSON.parse(payload), selection));
  });
}
