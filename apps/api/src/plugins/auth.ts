import type { OrganizationRole, Role } from '@crescendo/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Identity, TokenVerifier } from '../identity/types';
import { AppError } from '../lib/app-error';
import { retryAfterSecondsOf, type RateLimitStore } from '../lib/rate-limit-store';
import {
  describeOrganizationRoleNeed,
  hasAnyRole,
  hasOrganizationRole,
  organizationRouteRoles,
} from '../lib/permissions';
import { TtlCache } from '../lib/ttl-cache';
import type { CurrentUser } from '../lib/current-user';

declare module 'fastify' {
  interface FastifyRequest {
    identity: Identity | null;
    currentUser: CurrentUser | null;
  }
  interface FastifyContextConfig {
    /**
     * `user`: a registered backend user; `identity`: any valid token; `optional-user`: public,
     * but a bearer token, when sent, must be valid and its user is loaded; default: public.
     */
    auth?: 'identity' | 'user' | 'optional-user';
    roles?: readonly Role[];
    /**
     * The least organisation role (in the caller's active organisation) the route needs. Default:
     * `manager` for mutating methods, `viewer` (any member) for reads — so a new route is covered
     * without declaring anything.
     */
    organizationRole?: OrganizationRole;
  }
}

export type AuthPluginOptions = {
  verifier: TokenVerifier;
  /** Loads (or provisions) the backend user of a verified identity: the users module's job. */
  resolveUser: (identity: Identity) => Promise<CurrentUser>;
  perUserLimit: number;
  windowSeconds: number;
  /** Counters shared by every API process. */
  rateLimitStore: RateLimitStore;
  /**
   * How long a resolved user may be reused for the same token identity and session
   * (docs/decisions/0005). Any write through this process clears it; 0 disables it.
   */
  userCacheTtlMs: number;
};

export function readBearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** Authenticates, rate-limits per user and checks roles before a route's body is even parsed. */
export const authPlugin = fp(async (app: FastifyInstance, options: AuthPluginOptions) => {
  const windowMs = options.windowSeconds * 1000;
  const users = new TtlCache<CurrentUser>(options.userCacheTtlMs);
  // Sign-out, role changes, approvals and profile edits are all writes: after any of them this
  // process reads users afresh. Other processes see the change within the TTL.
  app.addHook('onResponse', (request, _reply, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS') {
      users.clear();
    }
    done();
  });
  app.decorateRequest('identity', null);
  app.decorateRequest('currentUser', null);

  app.addHook('onRequest', async (request) => {
    const mode = request.routeOptions.config.auth;
    if (!mode) return;
    const token = readBearerToken(request);
    if (!token && mode === 'optional-user' && !request.headers.authorization) return;
    if (!token) {
      throw AppError.unauthenticated(
        request.headers.authorization
          ? 'Use an Authorization: Bearer token.'
          : 'Sign in to continue.',
      );
    }
    const identity = await options.verifier.verify(token);
    request.identity = identity;
    const retryAfterSeconds = retryAfterSecondsOf(
      await options.rateLimitStore.hit(`user:${identity.issuer}|${identity.subject}`, windowMs),
      options.perUserLimit,
    );
    if (retryAfterSeconds > 0) {
      throw new AppError(
        'RATE_LIMITED',
        'Too many requests from your account. Slow down and try again shortly.',
        {
          retryAfterSeconds,
        },
      );
    }
    if (mode === 'identity') return;
    // Keyed by the verified token: the same token always carries the same identity, session and
    // metadata claims.
    let user = users.get(token);
    if (!user) {
      user = await options.resolveUser(identity);
      users.set(token, user);
    }
    request.currentUser = user;
    const roles = request.routeOptions.config.roles;
    if (roles && !hasAnyRole(user.access, roles)) {
      throw AppError.forbidden(`This needs the ${roles.join(' or ')} role.`);
    }
    const needed = request.routeOptions.config.organizationRole ?? defaultOrganizationRole(request);
    if (!hasOrganizationRole(user.organization.role, needed)) {
      throw AppError.forbidden(describeOrganizationRoleNeed(needed));
    }
  });
});

const readMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

function defaultOrganizationRole(request: FastifyRequest): OrganizationRole {
  return readMethods.has(request.method)
    ? organizationRouteRoles.read
    : organizationRouteRoles.write;
}

/** The signed-in user of a route declared with `config: { auth: 'user' }`. */
export function requireCurrentUser(request: FastifyRequest): CurrentUser {
  if (!request.currentUser) throw AppError.unauthenticated();
  return request.currentUser;
}

export function requireIdentity(request: FastifyRequest): Identity {
  if (!request.identity) throw AppError.unauthenticated();
  return request.identity;
}
