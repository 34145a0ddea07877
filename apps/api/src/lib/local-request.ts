import type { FastifyRequest } from 'fastify';

/** 127.0.0.0/8 and ::1 (also as IPv4-mapped IPv6): a client on this machine. */
export function isLoopbackAddress(address: string): boolean {
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
  return plain === '::1' || /^127(\.\d{1,3}){3}$/.test(plain);
}

/**
 * A request from this machine that no proxy forwarded: a reverse proxy on the same host would
 * otherwise make every client it serves look local (X-Forwarded-For / Forwarded say it did).
 */
export function isLocalRequest(request: FastifyRequest): boolean {
  const isForwarded = Boolean(request.headers['x-forwarded-for'] ?? request.headers.forwarded);
  return !isForwarded && isLoopbackAddress(request.socket.remoteAddress ?? '');
}
