import { betterAuth, type BetterAuthOptions } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { jwt } from 'better-auth/plugins/jwt';
import { organization } from 'better-auth/plugins/organization';
import { createAccessControl } from 'better-auth/plugins/access';
import { defaultStatements, ownerAc } from 'better-auth/plugins/organization/access';
import { createLocalJWKSet, errors as joseErrors, jwtVerify, type JSONWebKeySet } from 'jose';
import type { Database } from '../db/client';
import {
  authAccount,
  authInvitation,
  authJwks,
  authMember,
  authOrganization,
  authSession,
  authUser,
  authVerification,
} from '../db/schema';
import { AppError } from '../lib/app-error';
import { buildEmailVerificationMail, buildPasswordResetMail, type Mailer } from '../modules/mail';
import { assertSignedToken } from './clerk';
import { withHashedSessionTokens } from './hashed-session-tokens';
import type { Identity, TokenVerifier } from './types';

export const embeddedAudience = 'crescendo-api';
export const passwordLength = { min: 8, max: 128 } as const;

export type EmbeddedIdentityOptions = {
  db: Database;
  secret: string;
  appUrl: string;
  trustedOrigins: string[];
  tokenLifetime?: string;
  /** Sends password-reset and verification mail; without one neither is offered. */
  mailer?: Mailer | null;
};

/** A reset link works once, within this time. */
export const passwordResetLifetimeSeconds = 60 * 60;
export const emailVerificationLifetimeSeconds = 24 * 60 * 60;

/**
 * The embedded provider's `iss`, and half of every embedded user's identity key (issuer, subject).
 * Fixed rather than the app's URL: the signing keys live in the data dir, so tokens from another
 * deployment never verify anyway, and a changed PORT or APP_URL must not orphan every user.
 */
export const embeddedIssuer = 'urn:crescendo:embedded';

const loopbackHosts = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The trusted origins plus, for each loopback one, its other loopback names: a browser opened on
 * http://127.0.0.1:3000 is the same local app as http://localhost:3000, and better-auth would
 * otherwise refuse its sign-in with a bare "Invalid origin".
 */
export function withLoopbackAliases(origins: readonly string[]): string[] {
  const result = new Set(origins);
  for (const origin of origins) {
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      continue;
    }
    if (!loopbackHosts.includes(url.hostname)) continue;
    for (const host of loopbackHosts) {
      result.add(`${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`);
    }
  }
  return [...result];
}

/**
 * Organisation roles in the organization plugin's access control: owners hold everything,
 * managers and viewers none of the plugin's membership rights (the API enforces the rest).
 */
const organizationAccessControl = createAccessControl(defaultStatements);
const organizationAccess = {
  owner: organizationAccessControl.newRole(ownerAc.statements),
  manager: organizationAccessControl.newRole({ organization: [], member: [], invitation: [] }),
  viewer: organizationAccessControl.newRole({ organization: [], member: [], invitation: [] }),
};

/**
 * Membership changes go through the API (`modules/teams`), which checks plan limits atomically,
 * mails invitations through the product's mail layer and stores invitation tokens hashed; it
 * writes the organization plugin's own tables. The plugin keeps what the identity provider is
 * for: the session's active organisation (`/organization/set-active`) and reading memberships.
 */
const organizationPathsOwnedByTheApi = [
  '/organization/create',
  '/organization/update',
  '/organization/delete',
  '/organization/check-slug',
  '/organization/invite-member',
  '/organization/accept-invitation',
  '/organization/reject-invitation',
  '/organization/cancel-invitation',
  '/organization/get-invitation',
  '/organization/list-invitations',
  '/organization/list-user-invitations',
  '/organization/get-full-organization',
  '/organization/add-member',
  '/organization/remove-member',
  '/organization/update-member-role',
  '/organization/leave',
  '/organization/create-role',
  '/organization/delete-role',
  '/organization/update-role',
  '/organization/list-roles',
  '/organization/get-role',
];

export function createEmbeddedAuth(options: EmbeddedIdentityOptions) {
  const mailer = options.mailer ?? null;
  return betterAuth({
    appName: 'Crescendo',
    baseURL: options.appUrl,
    basePath: '/api/auth',
    secret: options.secret,
    trustedOrigins: withLoopbackAliases(options.trustedOrigins),
    // better-auth skips its origin check under NODE_ENV=test; tests must see what users get.
    advanced: { disableOriginCheck: false },
    // Session tokens are stored as SHA-256 hashes (better-auth has no option for it).
    database: (authOptions: BetterAuthOptions) =>
      withHashedSessionTokens(
        drizzleAdapter(options.db, {
          provider: 'pg',
          schema: {
            user: authUser,
            session: authSession,
            account: authAccount,
            verification: authVerification,
            jwks: authJwks,
            organization: authOrganization,
            member: authMember,
            invitation: authInvitation,
          },
        })(authOptions),
      ),
    disabledPaths: organizationPathsOwnedByTheApi,
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: passwordLength.min,
      maxPasswordLength: passwordLength.max,
      resetPasswordTokenExpiresIn: passwordResetLifetimeSeconds,
      // A reset ends every session: whoever knew the old password is signed out.
      revokeSessionsOnPasswordReset: true,
      ...(mailer
        ? {
            sendResetPassword: async ({ user, url }) => {
              await mailer.sendMail(
                buildPasswordResetMail({
                  to: user.email,
                  name: user.name,
                  url,
                  validForMinutes: passwordResetLifetimeSeconds / 60,
                }),
              );
            },
          }
        : {}),
    },
    ...(mailer
      ? {
          emailVerification: {
            // Accounts made by the server itself (the demo seed) have no request and get no mail.
            sendOnSignUp: true,
            autoSignInAfterVerification: true,
            expiresIn: emailVerificationLifetimeSeconds,
            sendVerificationEmail: async ({ user, url }, request) => {
              if (!request) return;
              await mailer.sendMail(
                buildEmailVerificationMail({
                  to: user.email,
                  name: user.name,
                  url,
                  validForHours: emailVerificationLifetimeSeconds / 3600,
                }),
              );
            },
          },
        }
      : {}),
    session: { expiresIn: 60 * 60 * 24 * 7, updateAge: 60 * 60 * 24 },
    // Attempts are limited by the API's own rate limiter, which sees the real client address.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    logger: { disabled: process.env.NODE_ENV === 'test' },
    plugins: [
      organization({
        ac: organizationAccessControl,
        roles: organizationAccess,
        creatorRole: 'owner',
        allowUserToCreateOrganization: false,
      }),
      jwt({
        jwks: { keyPairConfig: { alg: 'EdDSA', crv: 'Ed25519' } },
        jwt: {
          issuer: embeddedIssuer,
          audience: embeddedAudience,
          expirationTime: options.tokenLifetime ?? '15m',
          definePayload: ({ user, session }) => ({
            email: user.email,
            name: user.name,
            sid: session.id,
          }),
        },
      }),
    ],
  });
}

export type EmbeddedAuth = ReturnType<typeof createEmbeddedAuth>;

/**
 * Verifies the embedded provider's JWTs against its JWKS exactly as it would an external
 * issuer's: signature (EdDSA only), issuer, audience and expiry.
 */
export function createEmbeddedVerifier(
  auth: EmbeddedAuth,
  issuer: string = embeddedIssuer,
): TokenVerifier {
  let keySet: ReturnType<typeof createLocalJWKSet> | null = null;

  async function loadKeys(): Promise<void> {
    const jwks = (await auth.api.getJwks()) as JSONWebKeySet;
    keySet = createLocalJWKSet(jwks);
  }

  return {
    provider: 'embedded',
    async verify(token) {
      assertSignedToken(token);
      if (!keySet) await loadKeys();
      let payload: Record<string, unknown>;
      try {
        const result = await jwtVerify(token, keySet!, {
          issuer,
          audience: embeddedAudience,
          algorithms: ['EdDSA'],
        });
        payload = result.payload as Record<string, unknown>;
      } catch (error) {
        // A key minted after we cached the set: reload once.
        if (error instanceof joseErrors.JWKSNoMatchingKey) {
          await loadKeys();
          try {
            payload = (
              await jwtVerify(token, keySet!, {
                issuer,
                audience: embeddedAudience,
                algorithms: ['EdDSA'],
              })
            ).payload as Record<string, unknown>;
          } catch {
            throw invalidSession();
          }
        } else if (error instanceof joseErrors.JWTExpired) {
          throw AppError.unauthenticated('Your session has expired. Sign in again.');
        } else {
          throw invalidSession();
        }
      }
      const subject = typeof payload.sub === 'string' ? payload.sub : null;
      if (!subject) throw invalidSession();
      return {
        provider: 'embedded',
        issuer,
        subject,
        email: typeof payload.email === 'string' ? payload.email.toLowerCase() : null,
        name: typeof payload.name === 'string' ? payload.name : null,
        sessionId: typeof payload.sid === 'string' ? payload.sid : null,
        expiresAt: new Date(Number(payload.exp) * 1000),
        metadata: { roles: [], permissions: [], tier: null },
        organization: null,
      } satisfies Identity;
    },
  };
  function invalidSession() {
    return AppError.unauthenticated('Your session is invalid. Sign in again.');
  }
}
