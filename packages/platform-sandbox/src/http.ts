import type { FastifyRequest } from 'fastify';

/** Flattens a parsed query or form body to single string values (first value wins). */
export function readParams(source: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!source || typeof source !== 'object') return out;
  for (const [key, value] of Object.entries(source as Record<string, unknown>)) {
    const first = Array.isArray(value) ? (value as unknown[])[0] : value;
    if (first === undefined || first === null) continue;
    out[key] = typeof first === 'string' ? first : String(first);
  }
  return out;
}

/**
 * Google's reading of a query: a parameter its discovery document marks repeated (`part`, `id`)
 * may come as `part=snippet&part=statistics` (the official clients send arrays that way) and
 * means the same as `part=snippet,statistics`; others keep their first value.
 */
export function readGoogleParams(
  source: unknown,
  repeated: readonly string[] = ['part', 'id'],
): Record<string, string> {
  const out = readParams(source);
  if (!source || typeof source !== 'object') return out;
  for (const name of repeated) {
    const value = (source as Record<string, unknown>)[name];
    if (Array.isArray(value)) out[name] = value.map(String).join(',');
  }
  return out;
}

/** Bearer token from the Authorization header (Meta also accepts the `OAuth` scheme). */
export function readAuthorizationToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^(?:Bearer|OAuth)\s+(.+)$/i.exec(header.trim());
  return match?.[1]?.trim() ?? null;
}

/** A comma-separated parameter as its trimmed, non-empty items (`a, b,,c` → a, b, c). */
export function readList(text: string | undefined): string[] {
  return (text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

export function readBasicCredentials(
  request: FastifyRequest,
): { id: string; secret: string } | null {
  const header = request.headers.authorization;
  const match = header ? /^Basic\s+(.+)$/i.exec(header.trim()) : null;
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const separator = decoded.indexOf(':');
  if (separator < 0) return null;
  return {
    id: decodeURIComponent(decoded.slice(0, separator)),
    secret: decodeURIComponent(decoded.slice(separator + 1)),
  };
}

export function requestPath(request: FastifyRequest): string {
  const index = request.url.indexOf('?');
  return index < 0 ? request.url : request.url.slice(0, index);
}

/** The absolute URL of this request, for Graph's paging.next / paging.previous links. */
export function absoluteRequestUrl(request: FastifyRequest): URL {
  return new URL(request.url, `${request.protocol}://${request.host}`);
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
