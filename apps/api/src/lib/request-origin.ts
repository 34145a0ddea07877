/** Where a request came from, as the audit log records it. */
export type RequestOrigin = { ipAddress: string | null; userAgent: string | null };

const maxUserAgentLength = 512;

/**
 * The client address (after the configured proxy hops) and user agent of a request. Takes the
 * request's plain fields so services and modules need no Fastify type.
 */
export function readRequestOrigin(request: {
  ip: string;
  headers: Record<string, string | string[] | undefined>;
}): RequestOrigin {
  const agent = request.headers['user-agent'];
  const userAgent = Array.isArray(agent) ? agent[0] : agent;
  return {
    ipAddress: request.ip || null,
    userAgent: userAgent ? userAgent.slice(0, maxUserAgentLength) : null,
  };
}
