import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { maxImportFileBytes, type Role } from '@crescendo/contracts';
import { PERSONAS, generateSampleStatements, type PersonaId } from '@crescendo/platform-sandbox';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { authUser } from '../db/schema';
import type { EmbeddedAuth } from '../identity/embedded';
import type { Identity } from '../identity/types';
import { ensureEntry } from '../modules/waitlist';
import {
  listConnectionRows,
  sealTokens,
  updateConnection,
  upsertConnection,
} from '../modules/connections';
import { googleScopes, metaPermissions, type PlatformServices } from '../modules/providers';
import { enqueueConnectionSync, runConnectionSync } from '../modules/sync';
import { insertCampaign } from '../modules/analytics';
import { insertProfile } from '../modules/profile';
import { hasAnyImport, processImport, receiveImport } from '../modules/imports';
import { findUserByIdentity, insertUserWithOrganization, updateUserRole } from '../modules/users';
import { dayMs } from '../lib/days';

export const demoPassword = 'crescendo-demo';

/**
 * The demo artist is the sandbox persona its connections read: one name on the channel, in the
 * account menu, the team and the profile.
 */
const defaultDemoPersona: PersonaId = 'mid';

export const demoAccounts: { email: string; name: string; role: Role; description: string }[] = [
  { email: 'admin@example.com', name: 'Avery Admin', role: 'admin', description: 'admin' },
  {
    email: 'artist@example.com',
    name: PERSONAS[defaultDemoPersona].artistName,
    role: 'customer',
    description: 'artist (customer)',
  },
  {
    email: 'lead@example.com',
    name: 'Leo Pending',
    role: 'lead',
    description: 'lead, waitlist pending',
  },
];

/**
 * Creates the demo accounts once; later starts find them and change nothing. The artist carries
 * the name of the persona the demo connections read (`SEED_DEMO_PERSONA`).
 */
export async function seedDemoAccounts(
  db: Database,
  auth: EmbeddedAuth,
  issuer: string,
  options: { persona?: PersonaId } = {},
): Promise<void> {
  const persona = PERSONAS[options.persona ?? defaultDemoPersona];
  const accounts = demoAccounts.map((account) =>
    account.role === 'customer' ? { ...account, name: persona.artistName } : account,
  );
  for (const account of accounts) {
    let [identityUser] = await db
      .select({ id: authUser.id })
      .from(authUser)
      .where(eq(authUser.email, account.email));
    if (!identityUser) {
      const result = await auth.api.signUpEmail({
        body: { email: account.email, password: demoPassword, name: account.name },
      });
      identityUser = { id: result.user.id };
      // Demo accounts sign in without a verification mail.
      await db.update(authUser).set({ emailVerified: true }).where(eq(authUser.id, result.user.id));
    }
    const identity: Identity = {
      provider: 'embedded',
      issuer,
      subject: identityUser.id,
      email: account.email,
      name: account.name,
      sessionId: null,
      expiresAt: new Date(),
      metadata: { roles: [], permissions: [], tier: null },
      organization: null,
    };
    let found = await findUserByIdentity(db, issuer, identity.subject, null);
    if (found) continue;
    await insertUserWithOrganization(db, {
      issuer,
      subject: identity.subject,
      identityProvider: 'embedded',
      email: account.email,
      name: account.name,
      role: account.role,
      organizationName:
        account.role === 'customer' ? `${account.name} Music` : `${account.name}'s team`,
    });
    found = (await findUserByIdentity(db, issuer, identity.subject, null))!;
    await updateUserRole(db, found.user.id, account.role);
    await ensureEntry(db, {
      email: account.email,
      name: account.name,
      userId: found.user.id,
      status: account.role === 'lead' ? 'pending' : 'approved',
    });
    if (account.role === 'customer') {
      await seedDemoCampaign(db, found.user.organization.id);
      await insertProfile(db, found.user.organization.id, {
        artistName: persona.artistName,
        bio: persona.profile.bio,
        genres: persona.profile.genres,
        country: persona.homeCountry,
        city: persona.profile.city,
        careerStage: 'developing',
        goals: ['Reach 100k YouTube subscribers', 'Sell out a 500-cap headline show'],
        timezone: persona.profile.timezone,
        avatarUrl: null,
        links: {
          website: `https://example.com/${persona.handle}`,
          spotify: `https://open.spotify.com/artist/${persona.handle}`,
          youtube: `https://www.youtube.com/@${persona.handle}`,
        },
      });
    }
  }
}

/**
 * Connects the demo artist to the sandbox's `mid` (or the configured) YouTube and Meta personas with the sandbox's
 * static tokens, and syncs them so a newcomer sees real data at once: through the worker when
 * it runs (start-up stays fast; the screens show the progress bar for the ~20 s it takes),
 * otherwise in-process before the server listens.
 * Idempotent: an existing connection is left alone.
 */
export async function seedDemoConnections(
  db: Database,
  services: PlatformServices,
  issuer: string,
  options: { isWorkerRunning: boolean; persona?: 'small' | 'mid' | 'large' },
): Promise<void> {
  const artist = demoAccounts.find((account) => account.role === 'customer')!;
  const [identityUser] = await db
    .select({ id: authUser.id })
    .from(authUser)
    .where(eq(authUser.email, artist.email));
  if (!identityUser) return;
  const found = await findUserByIdentity(db, issuer, identityUser.id, null);
  if (!found) return;
  const organizationId = found.user.organization.id;
  const existing = await listConnectionRows(db, organizationId);
  const persona = options.persona ?? 'mid';
  const seeds = [
    services.config.google.isSandbox && {
      provider: 'youtube' as const,
      accessToken: `sandbox-google-token-${persona}`,
      refreshToken: `sandbox-google-refresh-${persona}`,
      scopes: googleScopes,
      read: async (token: string) => {
        const channel = await services.google.fetchMyChannel(token);
        return { externalAccountId: channel.id, accountName: channel.snippet.title };
      },
    },
    services.config.meta.isSandbox && {
      provider: 'meta' as const,
      accessToken: `sandbox-meta-token-${persona}`,
      refreshToken: null,
      scopes: metaPermissions,
      read: async (token: string) => {
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
  ].filter((seed) => seed !== false);
  for (const seed of seeds) {
    if (existing.some((row) => row.provider === seed.provider)) continue;
    const account = await seed.read(seed.accessToken);
    const id = crypto.randomUUID();
    const connection = await upsertConnection(db, {
      id,
      organizationId,
      createdByUserId: found.user.id,
      provider: seed.provider,
      ...account,
      status: 'connected',
      ...sealTokens(services, id, seed),
      accessTokenExpiresAt: null,
      scopes: seed.scopes,
      isSandbox: true,
    });
    if (options.isWorkerRunning) {
      await updateConnection(db, organizationId, connection.id, {
        syncStep: 'Queued',
        syncPercent: 0,
      });
      await enqueueConnectionSync(db, connection);
    } else {
      await runConnectionSync(
        db,
        services,
        { connectionId: connection.id, organizationId },
        new AbortController().signal,
      );
    }
  }
}

/**
 * The demo artist's sample statements and Spotify exports (the sandbox persona's songs, every
 * supported format, the months before today), imported through the imports service as an upload
 * would be: read by the worker when it runs, else here before the server listens. Once: an
 * organisation that has imported anything is left alone.
 */
export async function seedDemoStatements(
  db: Database,
  issuer: string,
  options: { isWorkerRunning: boolean; persona?: 'small' | 'mid' | 'large'; now?: Date },
): Promise<void> {
  const artist = demoAccounts.find((account) => account.role === 'customer')!;
  const [identityUser] = await db
    .select({ id: authUser.id })
    .from(authUser)
    .where(eq(authUser.email, artist.email));
  if (!identityUser) return;
  const found = await findUserByIdentity(db, issuer, identityUser.id, null);
  if (!found || (await hasAnyImport(db, found.user.organization.id))) return;
  const files = generateSampleStatements(options.persona ?? 'mid', {
    now: options.now ?? new Date(),
  });
  for (const file of files) {
    const { import: created } = await receiveImport(
      db,
      found.user,
      { fileName: file.fileName, content: Readable.from([file.bytes]), isTruncated: () => false },
      { maxBytes: maxImportFileBytes },
    );
    if (!options.isWorkerRunning) {
      await processImport(
        db,
        { importId: created.id, organizationId: found.user.organization.id },
        new AbortController().signal,
      );
    }
  }
}

/** One finished campaign, so the ROI screen has something to show from the first start. */
async function seedDemoCampaign(db: Database, organizationId: string): Promise<void> {
  const day = (daysAgo: number) =>
    new Date(Date.now() - daysAgo * dayMs).toISOString().slice(0, 10);
  await insertCampaign(db, organizationId, {
    name: 'Single launch: YouTube ads',
    channel: 'youtube_ads',
    // Measured on YouTube, where the ads ran (the default the API derives for YouTube ads).
    measureOn: 'channel',
    amount: '450.00',
    currency: 'USD',
    startDate: day(30),
    endDate: day(17),
    linkedContentId: null,
    linkedRelease: 'Glasshouse (single)',
    extraRevenue: '120.00',
    notes: 'Pre-roll ads in the UK and Italy; merch sales entered as extra revenue.',
  });
}
