import type { FastifyInstance } from 'fastify';
import type { AppDependencies } from './app';
import { createClerkVerifier, issuerFromPublishableKey } from './identity/clerk';
import { createEmbeddedAuth, createEmbeddedVerifier, type EmbeddedAuth } from './identity/embedded';
import { hashStoredSessionTokens } from './identity/hashed-session-tokens';
import type { TokenVerifier } from './identity/types';
import { withVerificationCache } from './identity/verification-cache';
import { readOrCreateSecretFile } from './lib/secrets';
import type { Mailer } from './modules/mail';
import { createClerkMembershipSource, type ClerkMembershipSource } from './modules/teams';

export type AppIdentity = {
  /** better-auth when no Clerk keys are set; null with Clerk. */
  embeddedAuth: EmbeddedAuth | null;
  verifier: TokenVerifier;
  /** Clerk's Frontend API host (for the content security policy); null when embedded. */
  clerkHost: string | null;
  /** Clerk's memberships, read when a token first names an organisation (decision 0024). */
  clerkMemberships: ClerkMembershipSource | null;
};

/**
 * The identity side of the app: the embedded identity provider (better-auth) or Clerk, the token
 * verifier the auth plugin calls, and what the Clerk organisations need.
 */
export async function createAppIdentity(
  app: FastifyInstance,
  {
    config,
    database,
    clerkOverrides,
    mailer,
  }: Pick<AppDependencies, 'config' | 'database' | 'clerkOverrides'> & { mailer: Mailer },
): Promise<AppIdentity> {
  const embeddedAuth =
    config.identityProvider === 'embedded'
      ? createEmbeddedAuth({
          db: database.db,
          secret: config.authSecret ?? readOrCreateSecretFile(config.dataDir, 'auth-secret'),
          appUrl: config.appUrl,
          trustedOrigins: config.corsOrigins,
          mailer,
        })
      : null;
  // Sessions from before tokens were hashed at rest keep working, hashed (idempotent).
  if (embeddedAuth) await hashStoredSessionTokens(database.db);
  const verifier = withVerificationCache(
    embeddedAuth ? createEmbeddedVerifier(embeddedAuth) : createClerkVerifier(config.clerk!),
  );
  const clerkHost = config.clerk ? issuerFromPublishableKey(config.clerk.publishableKey) : null;
  const clerkMemberships = config.clerk
    ? createClerkMembershipSource(config.clerk.secretKey, clerkOverrides?.apiUrl)
    : null;
  if (config.clerk && !clerkMemberships) {
    app.log.warn(
      "CLERK_SECRET_KEY is not set: the plan's artist limit cannot be checked, so organisations " +
        'Crescendo has not seen yet open only for viewers (decision 0024).',
    );
  }
  return { embeddedAuth, verifier, clerkHost, clerkMemberships };
}
