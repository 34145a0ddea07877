import { verifyToken } from '@clerk/backend';
import { decodeProtectedHeader } from 'jose';
import { AppError } from '../lib/app-error';
import { readMetadataClaims } from './metadata';
import type { TokenOrganization, TokenVerifier } from './types';

export type ClerkOptions = { publishableKey: string; jwtKey: string; authorizedParties: string[] };

/** The Frontend API host is base64-encoded in the publishable key (`pk_test_<base64(host$)>`). */
export function issuerFromPublishableKey(publishableKey: string): string | null {
  const encoded = publishableKey.replace(/^pk_(test|live)_/, '');
  try {
    const host = Buffer.from(encoded, 'base64').toString('utf8').replace(/\$$/, '');
    return /^[a-z0-9.-]+$/i.test(host) ? `https://${host}` : null;
  } catch {
    return null;
  }
}

/** Verifies Clerk session tokens with the PEM key: no network call. */
export function createClerkVerifier(options: ClerkOptions): TokenVerifier {
  const issuer = issuerFromPublishableKey(options.publishableKey);
  return {
    provider: 'clerk',
    async verify(token) {
      assertSignedToken(token);
      let payload: Record<string, unknown>;
      try {
        payload = (await verifyToken(token, {
          jwtKey: options.jwtKey,
          authorizedParties: options.authorizedParties,
          ...(issuer ? { issuer } : {}),
        })) as Record<string, unknown>;
      } catch {
        throw AppError.unauthenticated('Your session is invalid or has expired. Sign in again.');
      }
      const subject = typeof payload.sub === 'string' ? payload.sub : null;
      if (!subject) throw AppError.unauthenticated('Your session is invalid. Sign in again.');
      return {
        provider: 'clerk',
        issuer: String(payload.iss ?? issuer ?? 'clerk'),
        subject,
        email: typeof payload.email === 'string' ? payload.email.toLowerCase() : null,
        name: typeof payload.name === 'string' ? payload.name : null,
        sessionId: typeof payload.sid === 'string' ? payload.sid : null,
        expiresAt: new Date(Number(payload.exp) * 1000),
        metadata: readMetadataClaims(payload),
        organization: readOrganizationClaims(payload),
      };
    },
  };
}

/**
 * Clerk's active-organisation claims: `o: { id, rol, slg }` in session tokens v2, `org_id`,
 * `org_role`, `org_slug` in v1. No claims: the user has no active organisation in Clerk.
 */
export function readOrganizationClaims(payload: Record<string, unknown>): TokenOrganization | null {
  const compact = payload.o;
  if (typeof compact === 'object' && compact !== null) {
    const claims = compact as Record<string, unknown>;
    if (typeof claims.id === 'string' && claims.id) {
      return {
        id: claims.id,
        role: typeof claims.rol === 'string' ? claims.rol : '',
        slug: typeof claims.slg === 'string' ? claims.slg : null,
      };
    }
  }
  if (typeof payload.org_id === 'string' && payload.org_id) {
    return {
      id: payload.org_id,
      role: typeof payload.org_role === 'string' ? payload.org_role : '',
      slug: typeof payload.org_slug === 'string' ? payload.org_slug : null,
    };
  }
  return null;
}

/** Rejects unsigned (`alg: none`) and undecodable tokens before any library sees them. */
export function assertSignedToken(token: string): void {
  let algorithm: string | undefined;
  try {
    algorithm = decodeProtectedHeader(token).alg;
  } catch {
    throw AppError.unauthenticated('Your session token is malformed. Sign in again.');
  }
  if (!algorithm || algorithm.toLowerCase() === 'none') {
    throw AppError.unauthenticated('Unsigned tokens are not accepted. Sign in again.');
  }
}
