import crypto from 'node:crypto';
import {
  accountExportSchema,
  type AccountExport,
  type DeleteAccountResponse,
  type DeleteOrganizationResponse,
  type MeResponse,
} from '@crescendo/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import {
  auditEvents,
  billingAccounts,
  billingInvoices,
  campaigns,
  chatConversations,
  chatMessages,
  imports,
  platformConnections,
  retainedInvoices,
  sandboxMail,
  songs,
  statementLines,
  users,
} from '../../db/schema';
import {
  bearer,
  createUser,
  signIn,
  uniqueEmail,
  type SignedInUser,
  type TestApp,
} from '../../testing/build-test-app';
import {
  connectPersonas,
  startSandboxTestApp,
  type SandboxTestApp,
} from '../../testing/synced-artist';
import { subscribeThroughCheckout } from '../../testing/checkout';
import { invite, signUpAndAccept, subscribe } from '../../testing/teams';
import { databaseTargets } from '../../testing/test-database';
import { signRequest } from './meta-signed-request';

const metaAppSecret = 'sandbox-meta-app-secret';

type Needles = Record<string, string>;

/**
 * Every row of every table, read as text, that mentions one of the needles: the generic check
 * that a deleted person is gone (every column of every table, whatever the schema says).
 */
async function findMentions(db: Database, needles: Needles) {
  const tables = (
    (await db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    )) as unknown as { rows: { table_name: string }[] }
  ).rows.map((row) => row.table_name);
  const found: { table: string; needle: string; row: string }[] = [];
  for (const table of tables) {
    for (const [label, needle] of Object.entries(needles)) {
      const result = (await db.execute(
        sql`select t::text as row from ${sql.identifier(table)} t where strpos(lower(t::text), ${needle.toLowerCase()}) > 0`,
      )) as unknown as { rows: { row: string }[] };
      for (const row of result.rows)
        found.push({ table, needle: label, row: row.row.slice(0, 200) });
    }
  }
  return found;
}

async function identityOf(testApp: TestApp, user: SignedInUser) {
  const [row] = await testApp.database.db
    .select({ subject: users.subject })
    .from(users)
    .where(eq(users.id, user.me.user.id));
  return { subject: row!.subject };
}

/** Catalogue rows, a campaign and assistant conversations, written as their modules would. */
type Author = { me: MeResponse; email: string };

async function addArtistData(testApp: TestApp, owner: Author, member?: Author) {
  const db = testApp.database.db;
  const organizationId = owner.me.organization.id;
  const [upload] = await db
    .insert(imports)
    .values({
      organizationId,
      uploadedBy: owner.me.user.id,
      format: 'distrokid',
      source: 'distrokid',
      fileName: 'statement.tsv',
      fileBytes: 120,
      contentSha256: 'c0ffee'.repeat(10),
      status: 'done',
    })
    .returning();
  await db.insert(songs).values({ organizationId, isrc: 'USABC2500001', title: 'Night Drive' });
  await db.insert(statementLines).values({
    organizationId,
    importId: upload!.id,
    source: 'distrokid',
    fingerprint: crypto.randomBytes(32),
    occurrence: 1,
    saleMonth: '2025-03-01',
    store: 'spotify',
    storeName: 'Spotify',
    itemType: 'track',
    quantity: '12.0000',
    earnings: '0.0420000000',
    currency: 'USD',
    isAccountCurrency: true,
  });
  await db.insert(campaigns).values({
    organizationId,
    name: 'Spring push',
    channel: 'meta_ads',
    amount: '150.00',
    startDate: '2025-03-01',
    endDate: '2025-03-14',
  });
  for (const author of [owner, ...(member ? [member] : [])]) {
    const [conversation] = await db
      .insert(chatConversations)
      .values({ organizationId, userId: author.me.user.id, title: `Question of ${author.email}` })
      .returning();
    await db.insert(chatMessages).values({
      conversationId: conversation!.id,
      organizationId,
      userId: author.me.user.id,
      role: 'user',
      content: `How are my streams, asks ${author.email}?`,
    });
  }
  await db.insert(billingInvoices).values({
    id: `in_${crypto.randomBytes(8).toString('hex')}`,
    organizationId,
    number: 'CRES-0001',
    amountCents: 1900,
    currency: 'usd',
    status: 'paid',
    createdAt: new Date('2025-05-01T00:00:00Z'),
  });
  return { importId: upload!.id };
}

describe.each(databaseTargets)('account and data rights on %s', (target) => {
  let sandboxApp: SandboxTestApp;
  let testApp: TestApp;

  beforeAll(async () => {
    sandboxApp = await startSandboxTestApp(target, { backfillDays: 7 });
    testApp = sandboxApp.testApp;
  }, 300_000);
  afterAll(async () => {
    await sandboxApp?.close();
  });

  const call = (
    method: 'GET' | 'DELETE' | 'POST' | 'PATCH',
    url: string,
    user?: SignedInUser,
    payload?: object,
  ) =>
    testApp.app.inject({
      method,
      url,
      headers: user ? bearer(user.token) : {},
      ...(payload ? { payload } : {}),
    });
  const exportOf = async (user: SignedInUser) => {
    const response = await call('GET', '/api/v1/account/export', user);
    expect(response.statusCode, response.body).toBe(200);
    return {
      response,
      data: accountExportSchema.parse(JSON.parse(response.body)) as AccountExport,
    };
  };
  const me = async (user: SignedInUser) =>
    (await call('GET', '/api/v1/auth/me', user)).json<MeResponse>();

  describe('the export', () => {
    let owner: SignedInUser;
    let viewer: SignedInUser;

    beforeAll(async () => {
      owner = await createUser(testApp, 'customer');
      await connectPersonas(testApp, owner.token, { youtube: 'small', meta: 'small' });
      const invitationEmail = uniqueEmail('viewer');
      const invitation = await invite(testApp, owner.token, invitationEmail, 'viewer');
      const joined = await signUpAndAccept(testApp, invitation.token, invitationEmail);
      expect(joined.status).toBe(200);
      viewer = {
        ...(await createUserFromToken(joined.token, joined.email)),
        cookie: joined.cookie,
      };
      const share = await call('POST', '/api/shares', owner, {
        view: 'overview',
        range: '28d',
        platforms: ['youtube'],
        password: 'open sesame please',
      });
      expect(share.statusCode, share.body).toBe(201);
      await addArtistData(testApp, owner, viewer);
    }, 300_000);

    async function createUserFromToken(token: string, email: string): Promise<SignedInUser> {
      return { token, cookie: '', email, password: 'correct-horse-battery', me: await meOf(token) };
    }
    async function meOf(token: string) {
      return (
        await testApp.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) })
      ).json<MeResponse>();
    }

    it('downloads everything about an owner and their artist, without any secret', async () => {
      const { response, data } = await exportOf(owner);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="crescendo-export-\d{4}-\d{2}-\d{2}\.json"$/,
      );
      expect(data.person.profile).toMatchObject({ id: owner.me.user.id, email: owner.email });
      const artist = data.organizations.find((o) => o.id === owner.me.organization.id)!;
      expect(artist.role).toBe('owner');
      const tables = artist.tables;
      for (const name of [
        'campaigns',
        'content_items',
        'platform_connections',
        'share_links',
        'imports',
        'songs',
        'statement_lines',
        'analytics_accounts',
        'audit_events',
      ]) {
        expect(tables[name]?.length, name).toBeGreaterThan(0);
      }
      expect(tables.content_daily_metrics!.length).toBeGreaterThan(0);
      expect(tables.statement_lines![0]).toMatchObject({ earnings: 0.042, currency: 'USD' });
      expect(Object.keys(tables.platform_connections![0]!)).not.toContain('access_token_sealed');
      expect(Object.keys(tables.share_links![0]!)).not.toContain('password_hash');
      // Only the owner's own assistant conversations: the viewer's are private to them.
      expect(tables.chat_conversations!.map((row) => row.user_id)).toEqual([owner.me.user.id]);
      expect(tables.auth_invitation).toBeUndefined();
      // No stored secret value appears anywhere in the file.
      const db = testApp.database.db;
      const secrets = (
        (await db.execute(sql`
          select access_token_sealed as value from platform_connections where organization_id = ${owner.me.organization.id}
          union all select refresh_token_sealed from platform_connections where organization_id = ${owner.me.organization.id} and refresh_token_sealed is not null
          union all select token_hash from share_links where organization_id = ${owner.me.organization.id}
          union all select password_hash from share_links where organization_id = ${owner.me.organization.id}
          union all select token from auth_session where user_id = (select subject from users where id = ${owner.me.user.id})
          union all select password from auth_account where user_id = (select subject from users where id = ${owner.me.user.id})
          union all select token_hash from auth_invitation where organization_id = ${owner.me.organization.id}
          union all select sealed_token from auth_invitation where organization_id = ${owner.me.organization.id}`)) as unknown as {
          rows: { value: string }[];
        }
      ).rows.flatMap((row) => (row.value ? [row.value] : []));
      expect(secrets.length).toBeGreaterThanOrEqual(7);
      for (const secret of secrets) expect(response.body).not.toContain(secret);
      // Recorded in the artist's audit log.
      const [event] = await db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.action, 'data_exported'));
      expect(event).toMatchObject({
        organizationId: owner.me.organization.id,
        actorUserId: owner.me.user.id,
      });
    });

    it('gives a viewer their membership and their own rows, not the artist’s data', async () => {
      const { data } = await exportOf(viewer);
      const shared = data.organizations.find((o) => o.id === owner.me.organization.id)!;
      expect(shared.role).toBe('viewer');
      expect(shared.tables).toEqual({});
      expect(data.person.tables.chat_conversations!.map((row) => row.user_id)).toEqual([
        viewer.me.user.id,
      ]);
      expect(data.person.tables.auth_member!.length).toBe(2);
      expect(JSON.stringify(data)).not.toContain('Spring push');
      expect(JSON.stringify(data)).not.toContain(`Question of ${owner.email}`);
    });

    it('needs a signed-in caller', async () => {
      expect((await call('GET', '/api/v1/account/export')).statusCode).toBe(401);
    });
  });

  describe('deleting an account', () => {
    it('refuses a confirmation that does not match, and deletes nothing', async () => {
      const person = await createUser(testApp, 'customer');
      const response = await call('DELETE', '/api/v1/account', person, { confirmation: 'nope' });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.details.fields[0].field).toBe('confirmation');
      expect((await call('DELETE', '/api/v1/account', person, {})).statusCode).toBe(400);
      expect((await me(person)).user.id).toBe(person.me.user.id);
    });

    it('removes every trace of the person, revokes their grants and keeps only invoices', async () => {
      const person = await createUser(testApp, 'customer');
      await connectPersonas(testApp, person.token, { youtube: 'small', meta: 'small' });
      const { subject } = await identityOf(testApp, person);
      const organizationId = person.me.organization.id;
      // Team: room for the managers' artists.
      await subscribe(testApp, organizationId);
      // A member of the person's artist, and another artist the person co-owns.
      const invitationEmail = uniqueEmail('member');
      const invitation = await invite(testApp, person.token, invitationEmail, 'manager');
      const member = await signUpAndAccept(testApp, invitation.token, invitationEmail);
      expect(member.status).toBe(200);
      const otherOwner = await createUser(testApp, 'customer');
      await subscribe(testApp, otherOwner.me.organization.id);
      const coInvite = await invite(testApp, otherOwner.token, person.email, 'manager');
      expect(
        (await call('POST', `/api/v1/invitations/${coInvite.token}/accept`, person)).statusCode,
      ).toBe(200);
      const members = await call('GET', '/api/v1/team/members', otherOwner);
      const personMember = members
        .json<{ members: { id: string; email: string }[] }>()
        .members.find((m) => m.email === person.email)!;
      expect(
        (
          await call('PATCH', `/api/v1/team/members/${personMember.id}`, otherOwner, {
            role: 'owner',
          })
        ).statusCode,
      ).toBe(200);
      // Back to their own artist before the rest of the set-up.
      await testApp.app.inject({
        method: 'POST',
        url: '/api/auth/organization/set-active',
        headers: { cookie: person.cookie, origin: 'http://localhost:3000' },
        payload: { organizationId },
      });
      await addArtistData(testApp, person);
      const { data } = await exportOf(person);
      expect(data.organizations.map((o) => o.role).sort()).toEqual(['owner', 'owner']);

      const db = testApp.database.db;
      const connections = await db
        .select()
        .from(platformConnections)
        .where(eq(platformConnections.organizationId, organizationId));
      const youtube = connections.find((row) => row.provider === 'youtube')!;
      const meta = connections.find((row) => row.provider === 'meta')!;
      const refreshToken = testApp.app.platforms.cipher.decrypt(
        youtube.refreshTokenSealed!,
        `platform_connections:${youtube.id}:refresh_token`,
      );
      const metaToken = testApp.app.platforms.cipher.decrypt(
        meta.accessTokenSealed!,
        `platform_connections:${meta.id}:access_token`,
      );

      const response = await call('DELETE', '/api/v1/account', person, {
        confirmation: person.email.toUpperCase(),
      });
      expect(response.statusCode, response.body).toBe(200);
      const answer = response.json<DeleteAccountResponse>();
      expect(answer.deletedOrganizations).toEqual([
        { id: organizationId, name: person.me.organization.name },
      ]);
      expect(answer.leftOrganizations.map((o) => o.id)).toEqual([otherOwner.me.organization.id]);
      expect(answer.revokedGrants).toHaveLength(2);
      expect(answer.revokedGrants.every((grant) => grant.isRevokedAtProvider)).toBe(true);
      expect(answer.keptRecords.invoices).toBe(1);
      expect(answer.identity.provider).toBe('embedded');
      expect(answer.isMailSent).toBe(true);

      // Gone from every table, every column; only the confirmation mail (the outbox) names them.
      const mentions = await findMentions(db, {
        userId: person.me.user.id,
        organizationId,
        email: person.email,
        subject,
      });
      const confirmation = 'Your Crescendo account has been deleted';
      expect(
        mentions.filter((m) => !(m.table === 'sandbox_mail' && m.row.includes(confirmation))),
      ).toEqual([]);
      const mails = await db
        .select()
        .from(sandboxMail)
        .where(eq(sandboxMail.toAddress, person.email));
      expect(mails.map((mail) => mail.subject)).toEqual([confirmation]);
      expect(mails[0]!.text).toContain('invoice');
      expect(mails[0]!.text).toContain(answer.confirmationCode);
      // The invoice is kept, without the person or the artist.
      const [kept] = await db
        .select()
        .from(retainedInvoices)
        .where(eq(retainedInvoices.number, 'CRES-0001'));
      expect(kept).toMatchObject({ amountCents: 1900, currency: 'usd' });

      // The grants are dead at Google and Meta (the sandbox stands in for both).
      const refresh = await fetch(`${sandboxApp.sandbox.url}/oauth2/token`, {
        method: 'POST',
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          refresh_token: refreshToken,
          client_id: 'sandbox-google-client-id',
          client_secret: 'sandbox-google-client-secret',
        }),
      });
      expect(refresh.status).toBe(400);
      expect(((await refresh.json()) as { error: string }).error).toBe('invalid_grant');
      const graph = await fetch(
        `${sandboxApp.sandbox.url}/graph/v21.0/me?access_token=${metaToken}`,
      );
      expect(graph.status).toBeGreaterThanOrEqual(400);

      // Signing in fails, and the old token neither works nor makes a new account.
      await expect(signIn(testApp.app, person.email, person.password)).rejects.toThrow(
        /sign-in failed: 401/,
      );
      expect((await call('GET', '/api/v1/auth/me', person)).statusCode).toBe(401);
      expect(await db.select().from(users).where(eq(users.email, person.email))).toEqual([]);

      // The member keeps their account; the co-owned artist stays with its other owner, who sees
      // that an account was deleted, and by whom no more.
      expect(
        (await call('GET', '/api/v1/auth/me', { ...person, token: member.token })).statusCode,
      ).toBe(200);
      const log = await call('GET', '/api/v1/team/audit-log', otherOwner);
      const deletedEvent = log
        .json<{ events: { action: string; actor: unknown }[] }>()
        .events.find((e) => e.action === 'account_deleted');
      expect(deletedEvent).toMatchObject({ actor: null });

      const status = await call('GET', `/api/v1/meta/data-deletion/${answer.confirmationCode}`);
      expect(status.statusCode).toBe(200);
      expect(status.json()).toMatchObject({
        status: 'completed',
        confirmationCode: answer.confirmationCode,
      });
    }, 300_000);

    it('lets a viewer delete their own account without touching the artist', async () => {
      const owner = await createUser(testApp, 'customer');
      const invitationEmail = uniqueEmail('viewer');
      const invitation = await invite(testApp, owner.token, invitationEmail, 'viewer');
      const viewer = await signUpAndAccept(testApp, invitation.token, invitationEmail);
      const response = await testApp.app.inject({
        method: 'DELETE',
        url: '/api/v1/account',
        headers: bearer(viewer.token),
        payload: { confirmation: 'delete' },
      });
      expect(response.statusCode, response.body).toBe(200);
      const answer = response.json<DeleteAccountResponse>();
      expect(answer.leftOrganizations.map((o) => o.id)).toEqual([owner.me.organization.id]);
      expect(answer.deletedOrganizations).toHaveLength(1); // their own, empty artist
      const members = await call('GET', '/api/v1/team/members', owner);
      expect(members.json<{ members: { email: string }[] }>().members.map((m) => m.email)).toEqual([
        owner.email,
      ]);
    });
  });

  describe('deleting an artist', () => {
    it('is for owners only, with the artist’s name or "delete"', async () => {
      const owner = await createUser(testApp, 'customer');
      await subscribe(testApp, owner.me.organization.id);
      const managerInviteEmail = uniqueEmail('manager');
      const managerInvite = await invite(testApp, owner.token, managerInviteEmail, 'manager');
      const manager = await signUpAndAccept(testApp, managerInvite.token, managerInviteEmail);
      expect(manager.status).toBe(200);
      const viewerInviteEmail = uniqueEmail('viewer');
      const viewerInvite = await invite(testApp, owner.token, viewerInviteEmail, 'viewer');
      const viewer = await signUpAndAccept(testApp, viewerInvite.token, viewerInviteEmail);
      for (const token of [manager.token, viewer.token]) {
        const refused = await testApp.app.inject({
          method: 'DELETE',
          url: '/api/v1/team',
          headers: bearer(token),
          payload: { confirmation: 'delete' },
        });
        expect(refused.statusCode).toBe(403);
      }
      expect(
        (await call('DELETE', '/api/v1/team', owner, { confirmation: 'another name' })).statusCode,
      ).toBe(400);
      expect((await me(owner)).organization.id).toBe(owner.me.organization.id);
    });

    it('deletes the artist and its data; its people keep their accounts and get a home', async () => {
      const owner = await createUser(testApp, 'customer');
      const bystander = await createUser(testApp, 'customer');
      await addArtistData(testApp, bystander);
      const organizationId = owner.me.organization.id;
      const viewerInviteEmail = uniqueEmail('viewer');
      const viewerInvite = await invite(testApp, owner.token, viewerInviteEmail, 'viewer');
      const viewer = await signUpAndAccept(testApp, viewerInvite.token, viewerInviteEmail);
      await addArtistData(testApp, owner, {
        email: viewer.email,
        me: (
          await call('GET', '/api/v1/auth/me', { ...owner, token: viewer.token })
        ).json<MeResponse>(),
      });
      const response = await call('DELETE', '/api/v1/team', owner, {
        confirmation: owner.me.organization.name,
      });
      expect(response.statusCode, response.body).toBe(200);
      const answer = response.json<DeleteOrganizationResponse>();
      expect(answer).toMatchObject({
        organization: { id: organizationId },
        keptRecords: { invoices: 1 },
      });
      const mentions = await findMentions(testApp.database.db, { organizationId });
      expect(mentions).toEqual([]);
      // The owner is still signed in, now in a new, empty artist of their own.
      const after = await me(owner);
      expect(after.user.id).toBe(owner.me.user.id);
      expect(after.organization.id).not.toBe(organizationId);
      expect(after.organization.role).toBe('owner');
      expect(
        (await call('GET', '/api/v1/auth/me', { ...owner, token: viewer.token })).statusCode,
      ).toBe(200);
      // Another artist's data is untouched.
      const { data } = await exportOf(bystander);
      expect(data.organizations[0]!.tables.campaigns).toHaveLength(1);
    });
  });

  it('cancels a paid subscription at the payment provider before the artist goes', async () => {
    const owner = await createUser(testApp, 'customer');
    await subscribeThroughCheckout(testApp, owner);
    const [account] = await testApp.database.db
      .select()
      .from(billingAccounts)
      .where(eq(billingAccounts.organizationId, owner.me.organization.id));
    expect(account!.status).toBe('active');
    const response = await call('DELETE', '/api/v1/team', owner, { confirmation: 'delete' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<DeleteOrganizationResponse>().cancelledSubscriptions).toBe(1);
    const subscription = await testApp.app.billing.provider.stripe.subscriptions.retrieve(
      account!.subscriptionId!,
    );
    expect(subscription.status).toBe('canceled');
    // Only the payment provider's own records (the sandbox stands in for Stripe, which keeps its
    // customers and invoices for billing law) still carry the organisation id in their metadata.
    const mentions = await findMentions(testApp.database.db, {
      organizationId: owner.me.organization.id,
    });
    expect([...new Set(mentions.map((mention) => mention.table))]).toEqual([
      'payments_sandbox_records',
    ]);
  });

  describe("Meta's data-deletion callback", () => {
    const post = (body: string, contentType = 'application/x-www-form-urlencoded') =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/v1/meta/data-deletion',
        headers: { 'content-type': contentType },
        payload: body,
      });
    const signed = (userId: string, secret = metaAppSecret) =>
      new URLSearchParams({
        signed_request: signRequest(
          {
            algorithm: 'HMAC-SHA256',
            user_id: userId,
            issued_at: 1_750_000_000,
            expires: 1_750_003_600,
          },
          secret,
        ),
      }).toString();

    it('deletes whoever connected that Facebook account, and answers a status URL and code', async () => {
      const person = await createUser(testApp, 'customer');
      await connectPersonas(testApp, person.token, { meta: 'mid' });
      const [connection] = await testApp.database.db
        .select()
        .from(platformConnections)
        .where(eq(platformConnections.organizationId, person.me.organization.id));
      expect(connection!.platformUserId).toMatch(/^\d+$/);
      const response = await post(signed(connection!.platformUserId!));
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<{ url: string; confirmation_code: string }>();
      expect(Object.keys(body).sort()).toEqual(['confirmation_code', 'url']);
      expect(body.url).toBe(
        `http://localhost:3000/api/v1/meta/data-deletion/${body.confirmation_code}`,
      );
      const status = await call('GET', new URL(body.url).pathname);
      expect(status.json()).toMatchObject({ status: 'completed' });
      expect(status.json().message).toContain('Deleted: 1 Crescendo account');
      expect(
        await testApp.database.db.select().from(users).where(eq(users.id, person.me.user.id)),
      ).toEqual([]);
    }, 300_000);

    it('refuses a bad signature or a malformed request with 400', async () => {
      expect((await post(signed('12345', 'not-the-app-secret'))).statusCode).toBe(400);
      const tampered = new URLSearchParams(signed('12345'))
        .get('signed_request')!
        .replace(/\.(.)/, '.x');
      expect(
        (await post(new URLSearchParams({ signed_request: tampered }).toString())).statusCode,
      ).toBe(400);
      expect((await post('signed_request=abc')).statusCode).toBe(400);
      expect((await post('')).statusCode).toBe(400);
      const bad = await post(signed('12345', 'not-the-app-secret'));
      expect(bad.json().error.code).toBe('BAD_REQUEST');
    });

    it('answers an unknown user with a code whose status says nothing was held', async () => {
      const response = await post(signed('999999999999'));
      expect(response.statusCode).toBe(200);
      const status = await call(
        'GET',
        `/api/v1/meta/data-deletion/${response.json().confirmation_code}`,
      );
      expect(status.json().message).toContain('held no data');
      expect((await call('GET', '/api/v1/meta/data-deletion/unknown-code-123')).statusCode).toBe(
        404,
      );
      expect((await call('GET', '/api/v1/meta/data-deletion/x')).statusCode).toBe(400);
    });
  });
});
