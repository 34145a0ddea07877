import {
  completeRegistrationRequestSchema,
  completeRegistrationResponseSchema,
  logoutResponseSchema,
  meResponseSchema,
  registerUserRequestSchema,
  registerUserResponseSchema,
  userWithOrgResponseSchema,
  validateWaitlistRequestSchema,
  validateWaitlistResponseSchema,
  verifyAndRefreshResponseSchema,
} from '@crescendo/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import type { EmbeddedAuth } from '../../identity/embedded';
import type { TokenVerifier } from '../../identity/types';
import { AppError } from '../../lib/app-error';
import { organizationRouteRoles } from '../../lib/permissions';
import { errorResponses } from '../../lib/route-schemas';
import { readBearerToken, requireCurrentUser, requireIdentity } from '../../plugins/auth';
import { toMeResponse, toUserWithOrgResponse, type ProvisioningOptions } from '../users';
import {
  completeRegistration,
  endEmbeddedSession,
  registerUser,
  validateWaitlist,
} from './auth.service';

export type AuthRoutesOptions = {
  db: Database;
  verifier: TokenVerifier;
  embeddedAuth: EmbeddedAuth | null;
  waitlistMode: 'approval' | 'open';
  /** The caller's active organisation (modules/teams, with the artist limit), from app.ts. */
  resolveOrganization: ProvisioningOptions['resolveOrganization'];
};

const providerName = (embedded: boolean) => (embedded ? 'Crescendo sign-in' : 'Clerk');

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  const { db, verifier, embeddedAuth } = options;
  const provisioning = {
    waitlistMode: options.waitlistMode,
    resolveOrganization: options.resolveOrganization,
  };
  const isEmbedded = embeddedAuth !== null;

  app.post(
    '/api/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Not supported: sign in through the identity provider',
        body: z.unknown().optional(),
        response: errorResponses(400),
      },
    },
    async () => {
      throw new AppError(
        'USE_IDENTITY_PROVIDER',
        `Sign in with the ${providerName(isEmbedded)} component on the /login page; this endpoint does not accept credentials.`,
      );
    },
  );

  app.post(
    '/api/auth/register',
    {
      schema: {
        tags: ['auth'],
        summary: 'Not supported: sign up through the identity provider',
        body: z.unknown().optional(),
        response: errorResponses(400),
      },
    },
    async () => {
      throw new AppError(
        'USE_IDENTITY_PROVIDER',
        `Sign up with the ${providerName(isEmbedded)} component on the /register page; this endpoint does not create accounts.`,
      );
    },
  );

  app.post(
    '/api/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'End the session',
        body: z.unknown().optional(),
        response: { 200: logoutResponseSchema, ...errorResponses(429) },
      },
    },
    async (request, reply) => {
      const token = readBearerToken(request);
      const identity = token ? await verifier.verify(token).catch(() => null) : null;
      await endEmbeddedSession(db, identity);
      if (embeddedAuth && request.headers.cookie) {
        const response = await embeddedAuth.api.signOut({
          headers: new Headers({ cookie: request.headers.cookie }),
          asResponse: true,
        });
        const cookies = response.headers.getSetCookie();
        if (cookies.length) reply.header('set-cookie', cookies);
      }
      return { success: true as const };
    },
  );

  app.get(
    '/api/v1/auth/me',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user, their roles and organisation',
        security: [{ bearerAuth: [] }],
        response: { 200: meResponseSchema, ...errorResponses(401, 403, 429) },
      },
    },
    async (request) => toMeResponse(requireCurrentUser(request)),
  );

  app.get(
    '/api/v1/auth/user-with-org',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user with organisation details',
        security: [{ bearerAuth: [] }],
        response: { 200: userWithOrgResponseSchema, ...errorResponses(401, 403, 429) },
      },
    },
    async (request) => toUserWithOrgResponse(requireCurrentUser(request)),
  );

  app.post(
    '/api/v1/auth/verify-and-refresh-token',
    {
      config: { auth: 'user', organizationRole: organizationRouteRoles.self },
      schema: {
        tags: ['auth'],
        summary: 'Verify the bearer token; embedded sessions get a fresh token',
        security: [{ bearerAuth: [] }],
        body: z.unknown().optional(),
        response: { 200: verifyAndRefreshResponseSchema, ...errorResponses(401, 403, 429) },
      },
    },
    async (request) => {
      const user = requireCurrentUser(request);
      const identity = requireIdentity(request);
      let token: string | null = null;
      let expiresAt = identity.expiresAt;
      if (embeddedAuth && identity.sessionId) {
        ({ token } = await embeddedAuth.api.signJWT({
          body: {
            payload: {
              sub: identity.subject,
              email: user.email,
              name: user.name,
              sid: identity.sessionId,
            },
          },
        }));
        expiresAt = (await verifier.verify(token)).expiresAt;
      }
      return {
        valid: true as const,
        expiresAt: expiresAt.toISOString(),
        token,
        user: toMeResponse(user),
      };
    },
  );

  app.post(
    '/api/v1/auth/register-user',
    {
      config: { auth: 'identity' },
      schema: {
        tags: ['auth'],
        summary: 'Link the identity-provider user to a Crescendo user (idempotent)',
        security: [{ bearerAuth: [] }],
        body: registerUserRequestSchema,
        response: {
          200: registerUserResponseSchema,
          201: registerUserResponseSchema,
          ...errorResponses(400, 401, 403, 429),
        },
      },
    },
    async (request, reply) => {
      const result = await registerUser(db, requireIdentity(request), request.body, provisioning);
      return reply.status(result.created ? 201 : 200).send(result);
    },
  );

  app.post(
    '/api/v1/auth/validate-waitlist',
    {
      config: { auth: 'optional-user' },
      schema: {
        tags: ['waitlist'],
        summary:
          "The caller's own waitlist status and position (any other address, or no token: not_found)",
        body: validateWaitlistRequestSchema,
        response: { 200: validateWaitlistResponseSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) =>
      validateWaitlist(db, request.body.email, options.waitlistMode, request.currentUser),
  );

  app.post(
    '/api/v1/auth/complete-registration-with-validation',
    {
      config: { auth: 'user', organizationRole: organizationRouteRoles.self },
      schema: {
        tags: ['waitlist'],
        summary: 'Finish sign-up under the waitlist rules',
        security: [{ bearerAuth: [] }],
        body: completeRegistrationRequestSchema.optional(),
        response: {
          200: completeRegistrationResponseSchema,
          ...errorResponses(400, 401, 403, 429),
        },
      },
    },
    async (request) =>
      completeRegistration(db, requireCurrentUser(request), request.body ?? {}, provisioning),
  );
};
