import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config/env';
import { openDatabase, type DatabaseHandle } from './db/client';
import { embeddedIssuer } from './identity/embedded';
import {
  demoAccounts,
  demoPassword,
  seedDemoAccounts,
  seedDemoConnections,
  seedDemoStatements,
} from './seed/demo';
import { startWorker, type Worker } from './jobs/worker';
import { resealConnectionTokens } from './modules/connections';
import { createSyncHandlers, ensureDailySchedule } from './modules/sync';
import {
  createDigestCache,
  createNotificationHandlers,
  notifyImportFinished,
  ensureNotificationSchedule,
} from './modules/notifications';
import { createImportHandlers } from './modules/imports';
import path from 'node:path';
import { KeyMismatchError, verifyKeyChecks } from './lib/key-check';
import { readOrCreateSecretFile } from './lib/secrets';
import { tuneGarbageCollection } from './runtime/garbage-collection';
import { startEventLoopWatchdog } from './runtime/event-loop-watchdog';
import { acquireDataDirLock } from './db/data-dir-lock';
import { assertDataDirUsable } from './db/data-dir';
import { describeStorageFault } from './db/pglite-guard';

/** SIGTERM ends the process within this, whatever it is waiting for (the watchdog included). */
const shutdownGraceMs = 10_000;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/**
 * PGlite in the data dir, which this process locks. A write the disk refuses stops the process
 * with one line (decision 0029: PGlite cannot be trusted with another statement after it).
 */
async function openEmbeddedDatabase(config: Config): Promise<DatabaseHandle> {
  // Its cause named before anything is written there (the lock file included).
  assertDataDirUsable(config.dataDir);
  acquireDataDirLock(config.dataDir);
  return openDatabase({
    kind: 'pglite',
    dataDir: path.join(config.dataDir, 'pglite'),
    onStorageFault: (error) => {
      console.error(
        `Stopping: the embedded database could not write to CRESCENDO_DATA_DIR (${config.dataDir}): ${describeStorageFault(error)}. Free space on its disk, then start again; every write that succeeded is kept.`,
      );
      process.exit(1);
    },
  });
}

async function openConfiguredDatabase(config: Config): Promise<DatabaseHandle> {
  try {
    return config.databaseUrl
      ? await openDatabase({
          kind: 'postgres',
          url: config.databaseUrl,
          poolMax: config.databasePoolMax,
          onIdleError: (error) =>
            console.warn(`database connection lost (${error.message}); reconnecting on demand`),
        })
      : await openEmbeddedDatabase(config);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    fail(
      config.databaseUrl
        ? `Cannot start: DATABASE_URL database is unreachable or failed to migrate (${reason})`
        : `Cannot start: the embedded database in CRESCENDO_DATA_DIR (${config.dataDir}) could not be opened (${reason})`,
    );
  }
}

async function main(): Promise<void> {
  // A process-wide V8 flag: set by the process's entry point, never by buildApp() (decision 0008).
  tuneGarbageCollection();
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const database = await openConfiguredDatabase(config);
  // Only the embedded database can wedge the loop (decision 0029). With PostgreSQL nothing can,
  // and on an overloaded machine a wall-clock watchdog would end a process that is merely slow.
  if (database.kind === 'pglite') {
    startEventLoopWatchdog(
      shutdownGraceMs,
      `Stopping: the event loop has been blocked for {seconds} s (the embedded database stopped answering?); exiting`,
    );
  }
  const app = await buildApp({ config, database });
  try {
    await verifyKeyChecks(database.db, {
      authSecret: app.embeddedAuth
        ? (config.authSecret ?? readOrCreateSecretFile(config.dataDir, 'auth-secret'))
        : null,
      cipher: app.platforms.cipher,
    });
  } catch (error) {
    if (error instanceof KeyMismatchError) fail(error.message);
    throw error;
  }

  if (config.seedDemo && app.embeddedAuth) {
    await seedDemoAccounts(database.db, app.embeddedAuth, embeddedIssuer, {
      persona: config.seedDemoPersona,
    });
    const hasSandbox = config.platforms.google.isSandbox || config.platforms.meta.isSandbox;
    if (config.seedDemoConnections && hasSandbox) {
      try {
        await seedDemoConnections(database.db, app.platforms, embeddedIssuer, {
          isWorkerRunning: config.isSyncWorkerEnabled,
          persona: config.seedDemoPersona,
        });
      } catch (error) {
        // The demo's data is a convenience: a failed sync must not stop the product starting.
        app.log.error({ err: error }, 'demo connections could not be synced');
      }
      try {
        await seedDemoStatements(database.db, embeddedIssuer, {
          isWorkerRunning: config.isSyncWorkerEnabled,
          persona: config.seedDemoPersona,
        });
      } catch (error) {
        app.log.error({ err: error }, 'demo statements could not be imported');
      }
    }
  }

  let worker: Worker | null = null;
  let isShuttingDown = false;
  const shutdown = async (signal: string) => {
    if (isShuttingDown) return;
    isShuttingDown = true;
    app.log.info({ signal }, 'shutting down: draining requests');
    const forceExit = setTimeout(() => {
      app.log.error(`shutdown took longer than ${shutdownGraceMs / 1000} s; exiting`);
      process.exit(1);
    }, shutdownGraceMs);
    forceExit.unref();
    try {
      // The worker aborts its job (which records where it stopped) while requests drain; both
      // write to the database, so it closes last.
      await Promise.all([app.close(), worker?.stop()]);
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') fail(`Cannot start: PORT ${config.port} is already in use`);
    throw error;
  }
  if (config.isSyncWorkerEnabled) {
    await ensureDailySchedule(database.db);
    await ensureNotificationSchedule(database.db);
    // After a key rotation, tokens sealed with older keys are re-sealed so those keys can retire.
    void resealConnectionTokens(database.db, app.platforms.cipher).then(
      (count) => count > 0 && app.log.info({ count }, 'tokens re-sealed with the current key'),
      (error: unknown) => app.log.warn({ err: error }, 'tokens could not be re-sealed'),
    );
    // After listening: the first sync of a new data dir must not delay the first page.
    worker = startWorker({
      db: database.db,
      lockSeconds: config.syncJobLockSeconds,
      handlers: {
        ...createSyncHandlers(database.db, app.platforms),
        ...createNotificationHandlers({ ...app.notifications, digestCache: createDigestCache() }),
        ...createImportHandlers(database.db, {
          // The file is parsed and batched on a worker thread, one batch ahead, so this thread
          // (PGlite's, which writes here) only writes (decisions 0038, 0040). PostgreSQL writes
          // on its own core, so the job also hands it the next batch before the last is written.
          isParsedInWorker: true,
          isParsedAhead: database.kind === 'postgres',
          onFinished: (event) =>
            notifyImportFinished(database.db, {
              ...event,
              // A distributor statement's last month arrived (a Spotify export is no statement).
              statementMonths:
                event.status === 'done' && event.source !== 'spotify' && event.periodTo
                  ? [`${event.periodTo.slice(0, 7)}-01`]
                  : [],
            }),
        }),
      },
      onJobFinished: app.metrics.observeJob,
      onError: (error, job) =>
        app.log.warn(
          {
            jobId: job?.id,
            queue: job?.queue,
            reason: error instanceof Error ? error.message : String(error),
          },
          'background job failed',
        ),
    });
  }

  if (worker) app.workerPresence.attach(worker);

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const lines = [
    '',
    `  Crescendo is running at http://localhost:${port}`,
    `  API docs: http://localhost:${port}/api/docs`,
    `  Database: ${database.kind === 'pglite' ? `embedded (PGlite) in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
    `  Identity: ${config.identityProvider === 'embedded' ? 'embedded' : 'Clerk'}`,
    `  Mail: ${config.mail.smtpUrl ? 'SMTP (SMTP_URL)' : config.mail.isMailboxServed ? `sandbox mailbox at ${config.appUrl}/sandbox/mail` : 'not sent (set SMTP_URL)'}`,
  ];
  if (config.seedDemo) {
    lines.push(`  Demo accounts (password "${demoPassword}"):`);
    for (const account of demoAccounts)
      lines.push(`    ${account.email.padEnd(20)} ${account.description}`);
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

await main();
