import Fastify from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { App, AppDependencies } from './app-types';
import type { Config } from './config/env';
import { readOrCreateSecretFile } from './lib/secrets';
import {
  createMemoryRateLimitStore,
  createPostgresRateLimitStore,
  createRedisRateLimitStore,
} from './lib/rate-limit-store';
import { accountRoutes } from './modules/account';
import { auditRoutes } from './modules/audit';
import { connectionsRoutes } from './modules/connections';
import { analyticsRoutes, createAnalyticsResponseCache } from './modules/analytics';
import { authRoutes, embeddedIdentityRoutes } from './modules/auth';
import { backupRoutes } from './modules/backups';
import { healthRoutes } from './modules/health';
import { catalogueRoutes, importsRoutes } from './modules/imports';
import { profileRoutes } from './modules/profile';
import { assertArtistPlaceForData, createOrganizationResolver, teamsRoutes } from './modules/teams';
import { resolveCurrentUser, userAdminRoutes } from './modules/users';
import { waitlistAdminRoutes } from './modules/waitlist';
import {
  billingRoutes,
  createHistoryWindowKey,
  reconcilePublishedTier,
  resolveBestPlan,
  webhookRoutes,
  type SubscriptionStanding,
} from './modules/billing';
import { createArtistPlans, createBillingServices, mountPaymentsSandbox } from './app-billing';
import { createAppIdentity } from './app-identity';
import { createGoogleClientPathRewrite, registerPlatforms } from './app-platforms';
import { authPlugin } from './plugins/auth';
import { errorsPlugin, handleClientError, sendFrameworkError } from './plugins/errors';
import { methodNotAllowedPlugin } from './plugins/method-not-allowed';
import { metricsPlugin } from './plugins/metrics';
import { createWorkerPresence } from './jobs/worker-presence';
import { enqueueConnectionSync, scheduleQueue, syncQueue } from './modules/sync';
import { generateRequestId, logRedactPaths, redactUrl } from './plugins/request-id';
import { securityPlugin } from './plugins/security';
import { webAppPlugin } from './plugins/web-app';
import { chatRoutes, createChatDependencies, mcpRoutes } from './modules/chat';
import { createMailer, mailboxRoutes } from './modules/mail';
import { describeSharePreview, publicShareRoutes, shareLinkRoutes } from './modules/shares';
import {
  deriveUnsubscribeKey,
  notificationsRoutes,
  notifyInvitationAccepted,
  notifyPaymentFailed,
  type NotificationDependencies,
} from './modules/notifications';

export const apiVersion = '0.1.0';

export type { App, AppDependencies };

/**
 * A person's tier in force now: the best plan among the organisations they belong to (decision
 * 0021), computed from the subscriptions and the clock (modules/billing).
 */
function resolveTierInForce(user: { subscriptions: SubscriptionStanding[] }, now: Date) {
  return resolveBestPlan(user.subscriptions, now);
}

/** A hop count as the function form (proxy-addr trusts the nearest `hops` addresses). */
function trustProxyOption(value: Config['trustProxy']) {
  return typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;
}

export async function buildApp({
  config,
  database,
  logStream,
  platformOverrides,
  billingOverrides,
  assistantOverrides,
  clerkOverrides,
  now = () => new Date(),
}: AppDependencies): Promise<App> {
  const googleClientPathRewrite = createGoogleClientPathRewrite(config);
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
    frameworkErrors: sendFrameworkError,
    clientErrorHandler: handleClientError,
    ...(googleClientPathRewrite ? { rewriteUrl: googleClientPathRewrite } : {}),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  const mailer = createMailer({
    db: database.db,
    smtpUrl: config.mail.smtpUrl,
    isMailboxServed: config.mail.isMailboxServed,
    from: config.mail.from,
    appUrl: config.appUrl,
    logger: app.log,
  });
  app.addHook('onClose', async () => mailer.close());
  if (!config.mail.smtpUrl && !config.mail.isMailboxServed) {
    app.log.warn(
      'Mail is not sent: set SMTP_URL (the sandbox mailbox is served only when APP_URL is on this machine)',
    );
  }
  const { embeddedAuth, verifier, clerkHost, clerkMemberships } = await createAppIdentity(app, {
    config,
    database,
    clerkOverrides,
    mailer,
  });
  // The artist limit (teams) is held against billing's plans; the users module resolves each
  // request's organisation through teams. Both are passed in, so the modules form a tree.
  const artistPlans = createArtistPlans(now);
  const resolveOrganization = createOrganizationResolver({
    clerkMemberships,
    plans: artistPlans,
  });
  // Notifications (issue 31): the digest and alerts by mail, settings, the in-app list. Teams
  // and billing report what happened through these hooks; a failure there is logged, never
  // turned into a failed invitation or webhook.
  const notifications: NotificationDependencies = {
    db: database.db,
    mailer,
    appUrl: config.appUrl,
    unsubscribeKey: deriveUnsubscribeKey(
      config.authSecret ?? readOrCreateSecretFile(config.dataDir, 'auth-secret'),
    ),
    now,
  };
  const reportFailure = (what: string) => (error: unknown) =>
    app.log.warn({ err: error }, `${what}: the notification could not be recorded`);
  // Billing's services (and the payments sandbox, mounted further down) exist before the first
  // request: resolving a user publishes a changed tier through them.
  const {
    billing,
    paymentsSandbox,
    webhookSecret: paymentsWebhookSecret,
  } = createBillingServices(app, { config, database, billingOverrides, clerkOverrides, now });
  billing.onPaymentFailed = (failed) =>
    notifyPaymentFailed(database.db, failed).catch(reportFailure('payment failed'));
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
  await app.register(methodNotAllowedPlugin);
  // Import jobs (issue 26) share the jobs table under this queue name; read like any other queue.
  const knownQueues = [syncQueue, scheduleQueue, 'imports.process'];
  await app.register(metricsPlugin, {
    isEnabled: config.isMetricsEnabled,
    database,
    token: config.metricsToken,
    knownQueues,
  });
  const workerPresence = createWorkerPresence();
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
    verifier,
    resolveUser: async (identity) => {
      const at = now();
      const { user } = await resolveCurrentUser(database.db, identity, {
        waitlistMode: config.waitlistMode,
        resolveTier: (record) => resolveTierInForce(record, at),
        resolveOrganization,
      });
      if (resolveTierInForce(user, at) !== user.tier) {
        // The organisations whose plan may have changed, and the caller (who may have left them).
        await reconcilePublishedTier(billing, {
          organizationIds: user.subscriptions.map((standing) => standing.organizationId),
          userIds: [user.id],
        });
      }
      return user;
    },
    perUserLimit: config.rateLimit.perUser,
    windowSeconds: config.rateLimit.windowSeconds,
    rateLimitStore,
    userCacheTtlMs: config.userCacheTtlMs,
  });

  await app.register(healthRoutes, {
    database,
    version: apiVersion,
    workerPresence,
    workerStaleSeconds: config.syncJobLockSeconds,
  });
  await app.register(backupRoutes, {
    database,
    dataDir: config.dataDir,
    token: readOrCreateSecretFile(config.dataDir, 'backup-token'),
  });
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
    resolveOrganization,
  });
  await app.register(waitlistAdminRoutes, { db: database.db, mailer, appUrl: config.appUrl });
  await app.register(userAdminRoutes, {
    db: database.db,
    resolveTier: (record) => resolveTierInForce(record, now()),
  });
  await app.register(profileRoutes, { db: database.db });
  await app.register(async (scope) => {
    // Answers reused while the organisation's analytics are unchanged, in every process (0016).
    // The plan's history window applies where each read resolves its scope (modules/analytics);
    // it is part of the cache's key, read beside the cache's version.
    const responseCache = createAnalyticsResponseCache(database.db, {
      variesWith: createHistoryWindowKey(database.db, now),
    });
    scope.addHook('preHandler', responseCache.preHandler);
    scope.addHook('onSend', responseCache.onSend);
    await scope.register(analyticsRoutes, { db: database.db, now });
  });
  await app.register(shareLinkRoutes, { db: database.db, now });
  await app.register(publicShareRoutes, { db: database.db, rateLimitStore, now });

  const { platforms, tokenCipher } = await registerPlatforms(app, {
    config,
    database,
    platformOverrides,
    now,
  });
  await app.register(connectionsRoutes, {
    db: database.db,
    services: platforms,
    enqueueSync: enqueueConnectionSync,
    assertArtistPlace: (db, user) => assertArtistPlaceForData(db, artistPlans, user),
    now,
  });
  await app.register(notificationsRoutes, notifications);
  // The artist's own files and the catalogue they build (issue 26); samples only with the sandbox.
  await app.register(importsRoutes, {
    db: database.db,
    maxFileBytes: config.importMaxFileBytes,
    samples: config.platforms.sandboxUrl
      ? {
          persona: config.seedDemoPersona,
          // The samples follow the platform sandbox's clock when it is pinned, like its data.
          now: platformOverrides?.sandboxNow ? () => new Date(platformOverrides.sandboxNow!) : now,
        }
      : null,
  });
  await app.register(catalogueRoutes, { db: database.db });
  await app.register(teamsRoutes, {
    db: database.db,
    cipher: tokenCipher,
    mailer,
    appUrl: config.appUrl,
    artistPlans,
    onInvitationAccepted: (accepted) =>
      notifyInvitationAccepted(database.db, accepted).catch(reportFailure('invitation accepted')),
  });
  const chat = createChatDependencies({
    db: database.db,
    config: config.assistant,
    log: app.log,
    rateLimitStore,
    now,
    ...(assistantOverrides?.fetch ? { fetch: assistantOverrides.fetch } : {}),
    ...(assistantOverrides?.model ? { model: assistantOverrides.model } : {}),
  });
  await app.register(chatRoutes, { chat });
  await app.register(mcpRoutes, {
    db: database.db,
    version: apiVersion,
    now,
  });

  await mountPaymentsSandbox(app, config, paymentsSandbox, paymentsWebhookSecret);
  await app.register(billingRoutes, { services: billing, allowedOrigins: config.corsOrigins });
  await app.register(webhookRoutes, { services: billing });
  await app.register(auditRoutes, { db: database.db });
  await app.register(accountRoutes, {
    db: database.db,
    platforms,
    billing,
    mailer,
    appUrl: config.appUrl,
    metaAppSecret: config.platforms.meta.appSecret,
    now,
  });
  if (config.mail.isMailboxServed) await app.register(mailboxRoutes, { db: database.db });

  await app.register(webAppPlugin, {
    distDir: config.webDistDir,
    describeSharePage: (token) => describeSharePreview(database.db, token),
    publicConfig: {
      identityProvider: config.identityProvider,
      clerkPublishableKey: config.clerk?.publishableKey ?? null,
      waitlistMode: config.waitlistMode,
      sentryDsn: config.sentry.dsn,
      sentryEnvironment: config.sentry.environment,
      release: config.release,
      productionHost: config.productionHost,
      sandbox: config.sandbox.isServed,
      sandboxMailbox: config.mail.isMailboxServed,
      sandboxDemo: config.sandbox.isPublicDemo,
    },
  });

  app.decorate('embeddedAuth', embeddedAuth);
  app.decorate('verifier', verifier);
  app.decorate('platforms', platforms);
  app.decorate('paymentsSandbox', paymentsSandbox ?? undefined);
  app.decorate('billing', billing);
  app.decorate('mailer', mailer);
  app.decorate('notifications', notifications);
  app.decorate('workerPresence', workerPresence);
  return app;
}
