import Fastify, { type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config/env';
import type { DatabaseHandle } from './db/client';
import { createClerkVerifier, issuerFromPublishableKey } from './identity/clerk';
import { createEmbeddedAuth, createEmbeddedVerifier, type EmbeddedAuth } from './identity/embedded';
import type { TokenVerifier } from './identity/types';
import { withVerificationCache } from './identity/verification-cache';
import { serializerCompiler } from './lib/response-serializer';
import {
  createMemoryRateLimitStore,
  createPostgresRateLimitStore,
  createRedisRateLimitStore,
} from './lib/rate-limit-store';
import { readOrCreateSecretFile } from './lib/secrets';
import { createTokenCipher, parseTokenKeys } from './lib/token-cipher';
import { platformSandbox } from '@crescendo/platform-sandbox';
import { connectionsRoutes } from './modules/connections/connections.routes';
import { createInProcessFetch } from './modules/connections/in-process-fetch';
import {
  buildRedirectUri,
  createPlatformServices,
  type PlatformServices,
} from './modules/connections/platform-services';
import type { PlatformFetch, RetryPolicy } from './modules/connections/providers/platform-http';
import { createSandboxTokenPersistence } from './modules/connections/sandbox-token-persistence';
import { analyticsRoutes } from './modules/analytics/analytics.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { embeddedIdentityRoutes } from './modules/auth/embedded-identity.routes';
import { healthRoutes } from './modules/health/health.routes';
import { profileRoutes } from './modules/profile/profile.routes';
import { userAdminRoutes } from './modules/users/users.routes';
import { waitlistAdminRoutes } from './modules/waitlist/waitlist.routes';
import { authPlugin } from './plugins/auth';
import { errorsPlugin } from './plugins/errors';
import { generateRequestId, logRedactPaths, redactUrl } from './plugins/request-id';
import { tuneGarbageCollection } from './runtime/garbage-collection';
import { securityPlugin } from './plugins/security';
import { webAppPlugin } from './plugins/web-app';

export const apiVersion = '0.1.0';

export type AppDependencies = {
  config: Config;
  database: DatabaseHandle;
  /** Overrides the pino destination (tests capture logs). */
  logStream?: NodeJS.WritableStream;
  /** Tests point the connectors at a standalone sandbox, pin the clock and shorten retries. */
  platformOverrides?: {
    fetch?: PlatformFetch;
    retry?: Partial<RetryPolicy>;
    now?: () => Date;
    /** Options for the sandbox mounted at /sandbox (e.g. a pinned `now`). */
    sandboxNow?: string;
  };
};

export type App = FastifyInstance & {
  embeddedAuth: EmbeddedAuth | null;
  verifier: TokenVerifier;
  platforms: PlatformServices;
};

/** A hop count as the function form (proxy-addr trusts the nearest `hops` addresses). */
function trustProxyOption(value: Config['trustProxy']) {
  return typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;
}

export async function buildApp({
  config,
  database,
  logStream,
  platformOverrides,
}: AppDependencies): Promise<App> {
  tuneGarbageCollection();
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: { paths: logRedactPaths, censor: '[REDACTED]' },
            serializers: {
              req: (request) => ({
                method: request.method,
                url: redactUrl(request.url),
                remoteAddress: request.ip,
              }),
            },
            ...(logStream ? { stream: logStream } : {}),
          },
    genReqId: generateRequestId,
    bodyLimit: config.bodyLimitBytes,
    trustProxy: trustProxyOption(config.trustProxy),
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  const embeddedAuth =
    config.identityProvider === 'embedded'
      ? createEmbeddedAuth({
          db: database.db,
          secret: config.authSecret ?? readOrCreateSecretFile(config.dataDir, 'auth-secret'),
          appUrl: config.appUrl,
          trustedOrigins: config.corsOrigins,
        })
      : null;
  const verifier = withVerificationCache(
    embeddedAuth ? createEmbeddedVerifier(embeddedAuth) : createClerkVerifier(config.clerk!),
  );
  const clerkHost = config.clerk ? issuerFromPublishableKey(config.clerk.publishableKey) : null;
  const sentryOrigin = config.sentry.dsn ? new URL(config.sentry.dsn).origin : null;

  // Limits shared by every API process: Redis when configured, else the shared PostgreSQL; the
  // embedded single-process database keeps them in memory.
  const rateLimitStore = config.redisUrl
    ? createRedisRateLimitStore(config.redisUrl)
    : database.kind === 'postgres'
      ? createPostgresRateLimitStore(database.db)
      : createMemoryRateLimitStore();
  app.addHook('onClose', async () => rateLimitStore.close());

  await app.register(errorsPlugin);
  await app.register(securityPlugin, {
    rateLimitStore,
    corsOrigins: config.corsOrigins,
    perIpLimit: config.rateLimit.perIp,
    windowSeconds: config.rateLimit.windowSeconds,
    extraConnectSources: [clerkHost, sentryOrigin].filter((value): value is string =>
      Boolean(value),
    ),
    extraScriptSources: clerkHost ? [clerkHost] : [],
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Crescendo API',
        version: apiVersion,
        description: 'Growth analytics for music artists.',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  await app.register(authPlugin, {
    db: database.db,
    verifier,
    waitlistMode: config.waitlistMode,
    perUserLimit: config.rateLimit.perUser,
    windowSeconds: config.rateLimit.windowSeconds,
    rateLimitStore,
    userCacheTtlMs: config.userCacheTtlMs,
  });

  await app.register(healthRoutes, { database, version: apiVersion });
  if (embeddedAuth) {
    await app.register(embeddedIdentityRoutes, {
      auth: embeddedAuth,
      appUrl: config.appUrl,
      signInFailuresPerWindow: config.rateLimit.signIn,
      windowSeconds: config.rateLimit.windowSeconds,
      rateLimitStore,
      accountFailuresPer15Minutes: config.rateLimit.signInAccountFailures,
    });
  }
  await app.register(authRoutes, {
    db: database.db,
    verifier,
    embeddedAuth,
    waitlistMode: config.waitlistMode,
  });
  await app.register(waitlistAdminRoutes, { db: database.db });
  await app.register(userAdminRoutes, { db: database.db });
  await app.register(profileRoutes, { db: database.db });
  await app.register(analyticsRoutes, { db: database.db });

  const platformsConfig = config.platforms;
  const tokenCipher = createTokenCipher(
    parseTokenKeys(
      config.tokenEncryptionKeys ?? `1:${readOrCreateSecretFile(config.dataDir, 'token-key-v1')}`,
    ),
  );
  if (platformsConfig.sandboxUrl) {
    // Only our own callback URIs are registered, as in Google's console and Meta's app settings.
    await app.register(platformSandbox, {
      prefix: '/sandbox',
      // Syncs call the sandbox thousands of times; only its problems belong in the log.
      logLevel: 'warn',
      googleClients: [
        {
          clientId: platformsConfig.google.clientId,
          clientSecret: platformsConfig.google.clientSecret,
          redirectUris: [buildRedirectUri(config.appUrl, 'youtube')],
        },
      ],
      metaApps: [
        {
          appId: platformsConfig.meta.appId,
          appSecret: platformsConfig.meta.appSecret,
          redirectUris: [buildRedirectUri(config.appUrl, 'meta')],
        },
      ],
      ...(platformOverrides?.sandboxNow ? { now: platformOverrides.sandboxNow } : {}),
      // Faults, revocation, the clock and reset would let anyone break every sandbox connection.
      isControlApiEnabled: config.isSandboxControlApiEnabled,
      // Sandbox grants outlive a restart and are shared by every API process.
      tokenPersistence: createSandboxTokenPersistence(database.db, tokenCipher),
    });
  }
  const platforms = createPlatformServices({
    config: platformsConfig,
    appUrl: config.appUrl,
    cipher: tokenCipher,
    fetch: platformOverrides?.fetch ?? createInProcessFetch(app, platformsConfig.sandboxUrl),
    backfillDays: config.syncBackfillDays,
    ...(platformOverrides?.retry ? { retry: platformOverrides.retry } : {}),
    ...(platformOverrides?.now ? { now: platformOverrides.now } : {}),
  });
  await app.register(connectionsRoutes, { db: database.db, services: platforms });

  await app.register(webAppPlugin, {
    distDir: config.webDistDir,
    publicConfig: {
      identityProvider: config.identityProvider,
      clerkPublishableKey: config.clerk?.publishableKey ?? null,
      waitlistMode: config.waitlistMode,
      sentryDsn: config.sentry.dsn,
      sentryEnvironment: config.sentry.environment,
      release: config.release,
      productionHost: config.productionHost,
      sandbox: true,
    },
  });

  return Object.assign(app, { embeddedAuth, verifier, platforms }) as unknown as App;
}
