import type { FastifyRequest } from 'fastify';
import type { SandboxContext } from '../context';
import { absoluteRequestUrl } from '../http';
import type { Persona } from '../personas/world';
import { MetaApiError } from './errors';
import { defaultFields, type FieldSpec } from './fields';
import type { Caller } from './graph-auth';
import { serializeMedia, serializePage } from './graph-nodes';
import type { InsightsResult } from './insight-values';

/** Graph edges and their paging: /me/accounts, /{ig-user-id}/media (cursors), insights links. */
export function withPaging(request: FastifyRequest, result: InsightsResult): unknown {
  if (!result.pagingRange) return { data: result.data };
  const link = (range: { firstDay: number; lastDay: number }): string => {
    const url = absoluteRequestUrl(request);
    url.searchParams.set('since', String(range.firstDay * 86400));
    url.searchParams.set('until', String((range.lastDay + 1) * 86400));
    return url.toString();
  };
  return {
    data: result.data,
    paging: { previous: link(result.pagingRange.previous), next: link(result.pagingRange.next) },
  };
}

export function listAccounts(
  request: FastifyRequest,
  context: SandboxContext,
  caller: Caller,
  fields: FieldSpec[] | null,
): unknown {
  // Without pages_show_list Graph answers an empty list rather than an error.
  if (!caller.grant.scopes.includes('pages_show_list')) return { data: [] };
  const item = serializePage(
    context,
    caller,
    fields ?? defaultFields(['access_token', 'category', 'category_list', 'name', 'id', 'tasks']),
    context.publicBaseOf(request),
  );
  const cursor = Buffer.from(caller.persona.page.id).toString('base64url');
  return { data: [item], paging: { cursors: { before: cursor, after: cursor } } };
}

const MEDIA_PAGE_DEFAULT = 25;
const MEDIA_PAGE_MAX = 100;

function encodeCursor(index: number): string {
  return Buffer.from(`sbx-media:${index}`).toString('base64url');
}

function decodeCursor(cursor: string): number {
  const match = /^sbx-media:(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match)
    throw new MetaApiError({ message: '(#100) The after/before cursor is invalid', code: 100 });
  return Number(match[1]);
}

export function listMedia(
  request: FastifyRequest,
  context: SandboxContext,
  persona: Persona,
  fields: FieldSpec[] | null,
  params: Record<string, string>,
): unknown {
  const nowMs = context.clock.nowMs();
  const all = persona.instagram.media.filter((m) => m.timestampMs <= nowMs);
  const limit = Math.min(
    MEDIA_PAGE_MAX,
    Math.max(1, Number(params.limit ?? MEDIA_PAGE_DEFAULT) || MEDIA_PAGE_DEFAULT),
  );
  let start = 0;
  if (params.after) start = decodeCursor(params.after) + 1;
  else if (params.before) start = Math.max(0, decodeCursor(params.before) - limit);
  const page = all.slice(start, start + limit);
  const publicBase = context.publicBaseOf(request);
  const data = page.map((m) =>
    serializeMedia(persona, m, fields ?? defaultFields(['id']), publicBase),
  );
  const body: Record<string, unknown> = { data };
  if (page.length === 0) return body;
  const cursors = { before: encodeCursor(start), after: encodeCursor(start + page.length - 1) };
  const paging: Record<string, unknown> = { cursors };
  const link = (key: 'after' | 'before', value: string): string => {
    const url = absoluteRequestUrl(request);
    url.searchParams.delete('after');
    url.searchParams.delete('before');
    url.searchParams.set('limit', String(limit));
    url.searchParams.set(key, value);
    return url.toString();
  };
  if (start + page.length < all.length) paging.next = link('after', cursors.after);
  if (start > 0) paging.previous = link('before', cursors.before);
  body.paging = paging;
  return body;
}
