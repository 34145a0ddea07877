/**
 * Seeds many artists for operators and benches (issue 30):
 *   npm run seed:scale -- --organizations=N --persona=small|mid|large [--database-url=…]
 *     [--backfill-days=D] [--concurrency=C]
 * (with a database URL, set TOKEN_ENCRYPTION_KEYS and AUTH_SECRET as the server has them: the
 * connections are sealed with the product's token key; without one, the embedded PGlite in
 * CRESCENDO_DATA_DIR, which the server must not hold open meanwhile).
 * Each artist is a user with their own organisation (users service), a sandbox YouTube and Meta
 * connection (connections service) and their synced history: the product's own sync runs against
 * an in-process platform sandbox, and writes through the analytics module's write API, as a real
 * first sync does. Nothing is copied from another tenant.
 *
 * Idempotent and resumable: artist i has a fixed identity (`scale-<persona>-<i>`), so a re-run
 * finds the artists already there, skips the complete ones (every connection synced to the end)
 * and finishes the others (a sync keeps its per-chunk progress).
 *
 * The seeded users sign in through no identity provider (issuer `scaleSeedIssuer`): they are
 * tenants for load, not accounts for people.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import { startSandboxServer } from '@crescendo/platform-sandbox';
import { loadConfig } from '../config/env';
import { openDatabase, type Database } from '../db/client';
import { readOrCreateSecretFile } from '../lib/secrets';
import { createTokenCipher, parseTokenKeys } from '../lib/token-cipher';
import { listConnectionRows, sealTokens, upsertConnection } from '../modules/connections';
import {
  createPlatformServices,
  googleScopes,
  metaPermissions,
  type PlatformServices,
} from '../modules/providers';
import { runConnectionSync } from '../modules/sync';
import { findUserByIdentity, insertUserWithOrganization } from '../modules/users';

export type ScalePersona = 'small' | 'mid' | 'large';

export const scaleSeedIssuer = 'https://scale-seed.crescendo.invalid';

export type ScaleSeedResult = {
  /** Artists that were complete before this run. */
  skipped: number;
  /** Artists created or finished by this run. */
  seeded: number;
  organizationIds: string[];
};

type ConnectionSeed = {
  provider: 'youtube' | 'meta';
  accessToken: string;
  refreshToken: string | null;
  scopes: readonly string[];
  read(token: string): Promise<{ externalAccountId: string; accountName: string }>;
};

function describeConnections(services: PlatformServices, persona: ScalePersona): ConnectionSeed[] {
  return [
    {
      provider: 'youtube',
      accessToken: `sandbox-google-token-${persona}`,
      refreshToken: `sandbox-google-refresh-${persona}`,
      scopes: googleScopes,
      async read(token) {
        const channel = await services.google.fetchMyChannel(token);
        return { externalAccountId: channel.id, accountName: channel.snippet.title };
      },
    },
    {
      provider: 'meta',
      accessToken: `sandbox-meta-token-${persona}`,
      refreshToken: null,
      scopes: metaPermissions,
      async read(token) {
        const [page] = (await services.meta.listPages(token)).filter(
          (candidate) => candidate.instagram_business_account,
        );
        if (!page) throw new Error('the sandbox Meta persona has no page');
        return {
          externalAccountId: page.id,
          accountName: `@${page.instagram_business_account?.username ?? page.name} · ${page.name}`,
        };
      },
    },
  ];
}

/** Finds or creates artist `index` of the persona; answers their user and organisation ids. */
async function ensureArtist(db: Database, persona: ScalePersona, index: number) {
  const subject = `scale-${persona}-${index}`;
  let found = await findUserByIdentity(db, scaleSeedIssuer, subject, null);
  if (!found) {
    await insertUserWithOrganization(db, {
      issuer: scaleSeedIssuer,
      subject,
      identityProvider: 'clerk',
      email: `${subject}@scale-seed.invalid`,
      name: `Scale ${persona} artist ${index}`,
      role: 'customer',
      organizationName: `Scale ${persona} ${index}`,
    });
    found = await findUserByIdentity(db, scaleSeedIssuer, subject, null);
  }
  if (!found) throw new Error(`artist ${subject} could not be created`);
  return { userId: found.user.id, organizationId: found.user.organization.id };
}

/**
 * Creates (or completes) artists 1…organizations of the persona with synced connections.
 * `concurrency` artists are seeded at once (default 1): each artist is independent, so a few at
 * a time keep the database and the platform busy while one waits on the other.
 */
export async function seedScale(
  db: Database,
  services: PlatformServices,
  options: {
    organizations: number;
    persona: ScalePersona;
    concurrency?: number;
    onProgress?: (done: number, total: number) => void;
  },
): Promise<ScaleSeedResult> {
  const result: ScaleSeedResult = { skipped: 0, seeded: 0, organizationIds: [] };
  const seeds = describeConnections(services, options.persona);
  let next = 1;
  let done = 0;
  const work = async () => {
    while (next <= options.organizations) {
      const index = next;
      next += 1;
      const { organizationId, wasComplete } = await seedArtist(
        db,
        services,
        seeds,
        options.persona,
        index,
      );
      result.organizationIds[index - 1] = organizationId;
      if (wasComplete) result.skipped += 1;
      else result.seeded += 1;
      done += 1;
      options.onProgress?.(done, options.organizations);
    }
  };
  const workers = Math.max(1, Math.min(options.concurrency ?? 1, options.organizations));
  await Promise.all(Array.from({ length: workers }, work));
  return result;
}

/** Seeds artist `index`: creates what is missing and syncs every connection not synced yet. */
async function seedArtist(
  db: Database,
  services: PlatformServices,
  seeds: ConnectionSeed[],
  persona: ScalePersona,
  index: number,
): Promise<{ organizationId: string; wasComplete: boolean }> {
  const { userId, organizationId } = await ensureArtist(db, persona, index);
  let existing = await listConnectionRows(db, organizationId);
  const isComplete =
    seeds.every((seed) => existing.some((row) => row.provider === seed.provider)) &&
    existing.every((row) => row.lastSyncedAt !== null);
  if (isComplete) return { organizationId, wasComplete: true };
  for (const seed of seeds) {
    if (existing.some((row) => row.provider === seed.provider)) continue;
    const id = crypto.randomUUID();
    await upsertConnection(db, {
      id,
      organizationId,
      createdByUserId: userId,
      provider: seed.provider,
      ...(await seed.read(seed.accessToken)),
      status: 'connected',
      ...sealTokens(services, id, seed),
      accessTokenExpiresAt: null,
      scopes: [...seed.scopes],
      isSandbox: true,
    });
  }
  existing = await listConnectionRows(db, organizationId);
  for (const connection of existing.filter((row) => row.lastSyncedAt === null)) {
    await runConnectionSync(
      db,
      services,
      { connectionId: connection.id, organizationId },
      new AbortController().signal,
    );
    const [after] = (await listConnectionRows(db, organizationId)).filter(
      (row) => row.id === connection.id,
    );
    if (after?.lastSyncedAt == null) {
      throw new Error(`sync of ${connection.provider} ended ${after?.status}: ${after?.syncError}`);
    }
  }
  return { organizationId, wasComplete: false };
}

function readFlag(name: string): string | undefined {
  return process.argv.find((value) => value.startsWith(`--${name}=`))?.slice(name.length + 3);
}

async function main(): Promise<void> {
  const organizations = Number(readFlag('organizations') ?? '1');
  const persona = (readFlag('persona') ?? 'small') as ScalePersona;
  if (!Number.isInteger(organizations) || organizations < 1) {
    throw new Error('--organizations must be a whole number ≥ 1');
  }
  if (!['small', 'mid', 'large'].includes(persona)) {
    throw new Error('--persona must be small, mid or large');
  }
  const databaseUrl = readFlag('database-url') ?? process.env.DATABASE_URL;
  const backfillDays = readFlag('backfill-days');
  const concurrency = Number(readFlag('concurrency') ?? '1');
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 16) {
    throw new Error('--concurrency must be a whole number from 1 to 16');
  }
  const sandbox = await startSandboxServer({ port: 0 });
  // The product's configuration, with the platforms pointed at the in-process sandbox.
  const config = loadConfig({
    ...process.env,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...(backfillDays ? { SYNC_BACKFILL_DAYS: backfillDays } : {}),
    GOOGLE_CLIENT_ID: 'sandbox-google-client-id',
    GOOGLE_CLIENT_SECRET: 'sandbox-google-client-secret',
    GOOGLE_TOKEN_URL: `${sandbox.url}/oauth2/token`,
    YOUTUBE_DATA_URL: `${sandbox.url}/youtube/v3`,
    YOUTUBE_ANALYTICS_URL: `${sandbox.url}/youtubeanalytics/v2`,
    META_APP_ID: 'sandbox-meta-app-id',
    META_APP_SECRET: 'sandbox-meta-app-secret',
    META_GRAPH_URL: `${sandbox.url}/graph/v21.0`,
  });
  const database = config.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: config.databaseUrl, poolMax: 4 + concurrency })
    : await openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') });
  try {
    // The product's own token key, so the server can use the seeded connections afterwards.
    const cipher = createTokenCipher(
      parseTokenKeys(
        config.tokenEncryptionKeys ?? `1:${readOrCreateSecretFile(config.dataDir, 'token-key-v1')}`,
      ),
    );
    const services = createPlatformServices({
      config: config.platforms,
      appUrl: config.appUrl,
      cipher,
      fetch,
      backfillDays: config.syncBackfillDays,
    });
    const started = performance.now();
    const result = await seedScale(database.db, services, {
      organizations,
      persona,
      concurrency,
      onProgress: (done, total) => process.stdout.write(`${done}/${total} artists ready\n`),
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    process.stdout.write(
      `seed:scale ${persona}: ${result.seeded} seeded, ${result.skipped} already complete, ${seconds} s\n`,
    );
  } finally {
    await sandbox.close();
    await database.close();
  }
}

if (import.meta.filename === process.argv[1]) {
  await main();
}
