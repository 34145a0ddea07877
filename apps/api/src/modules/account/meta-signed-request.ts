import crypto from 'node:crypto';
import { z } from 'zod';

/**
 * Meta's `signed_request` (Data Deletion Request Callback, Facebook Login): `<signature>.<payload>`,
 * both base64url; the signature is HMAC-SHA256 of the payload's base64url text, keyed with the
 * app secret; the payload is JSON with `algorithm: "HMAC-SHA256"`, `user_id` (app-scoped),
 * `issued_at` and, in deletion callbacks, `expires`.
 */
const payloadSchema = z.object({
  algorithm: z.string(),
  user_id: z.union([z.string(), z.number()]).transform(String),
  issued_at: z.number().optional(),
  expires: z.number().optional(),
});

export type SignedRequestPayload = z.infer<typeof payloadSchema>;

/** The payload of a correctly signed request, else null (bad shape, algorithm or signature). */
export function parseSignedRequest(
  signedRequest: string,
  appSecret: string,
): SignedRequestPayload | null {
  const parts = signedRequest.split('.');
  if (parts.length !== 2) return null;
  const [encodedSignature, encodedPayload] = parts as [string, string];
  const base64url = /^[A-Za-z0-9_-]+={0,2}$/;
  if (!base64url.test(encodedSignature) || !base64url.test(encodedPayload)) return null;
  const signature = Buffer.from(encodedSignature, 'base64url');
  const expected = crypto.createHmac('sha256', appSecret).update(encodedPayload).digest();
  if (signature.length !== expected.length || !crypto.timingSafeEqual(signature, expected)) {
    return null;
  }
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(encodedPayload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const payload = payloadSchema.safeParse(json);
  if (!payload.success || payload.data.algorithm.toUpperCase() !== 'HMAC-SHA256') return null;
  return payload.data;
}

/** Signs a payload the way Meta does (tests, and the sandbox's "remove app" stand-in). */
export function signRequest(payload: Record<string, unknown>, appSecret: string): string {
  const encodedPayload = Buffer.from(JSON.stringify(payload)).toString('base64url');
  const signature = crypto
    .createHmac('sha256', appSecret)
    .update(encodedPayload)
    .digest('base64url');
  return `${signature}.${encodedPayload}`;
}
