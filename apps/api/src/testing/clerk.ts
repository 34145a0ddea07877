import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportSPKI, generateKeyPair, SignJWT } from 'jose';
import { buildTestApp, testAppUrl, type TestApp } from './build-test-app';
import type { DatabaseTarget } from './test-database';

const clerkHost = 'clerk.crescendo.test';

/**
 * Signs Clerk session tokens the API verifies with no network (`CLERK_JWT_KEY`); `env` is what
 * `buildTestApp` needs to switch to Clerk. Claims: `sub`, `email`, `o: { id, rol, slg }`, ...
 */
export async function createClerkTokens(): Promise<{
  env: Record<string, string>;
  sign(claims: Record<string, unknown>): Promise<string>;
}> {
  const pair = await generateKeyPair('RS256');
  return {
    env: {
      CLERK_PUBLISHABLE_KEY: `pk_test_${Buffer.from(`${clerkHost}$`).toString('base64')}`,
      CLERK_JWT_KEY: await exportSPKI(pair.publicKey),
      CLERK_AUTHORIZED_PARTIES: testAppUrl,
    },
    sign: (claims) =>
      new SignJWT({ azp: testAppUrl, sid: 'sess_1', metadata: { roles: 'customer' }, ...claims })
        .setProtectedHeader({ alg: 'RS256', kid: 'ins_test' })
        .setIssuer(`https://${clerkHost}`)
        .setIssuedAt()
        .setExpirationTime('1m')
        .sign(pair.privateKey),
  };
}

export type ClerkBackendStandIn = {
  /** Give to `createClerkClient({ apiUrl })` (the app: `clerkOverrides.apiUrl`). */
  apiUrl: string;
  /** Every request it was asked, in order (`path` with its query). */
  requests: { method: string; path: string; authorization: string }[];
  /** The user's organisation memberships, as Clerk roles (`org:admin`, `org:member`, ...). */
  setMemberships(userId: string, memberships: { id: string; role: string }[]): void;
  /** How many membership pages were asked for this user. */
  membershipCalls(userId: string): number;
  close(): Promise<void>;
};

/**
 * A stand-in for Clerk's Backend API: `GET /v1/users/{id}/organization_memberships` paginated by
 * `limit`/`offset` with Clerk's JSON (`{ data, total_count }`), and the user metadata update the
 * tier publisher makes. Anything else answers Clerk's 404.
 */
export async function startClerkBackendStandIn(): Promise<ClerkBackendStandIn> {
  const requests: ClerkBackendStandIn['requests'] = [];
  const memberships = new Map<string, { id: string; role: string }[]>();
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      requests.push({
        method: request.method ?? '',
        path: request.url ?? '',
        authorization: request.headers.authorization ?? '',
      });
      const answer = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      const list = /^\/v1\/users\/([^/]+)\/organization_memberships$/.exec(url.pathname);
      if (request.method === 'GET' && list) {
        const userId = decodeURIComponent(list[1]!);
        const all = memberships.get(userId) ?? [];
        const limit = Number(url.searchParams.get('limit') ?? 10);
        const offset = Number(url.searchParams.get('offset') ?? 0);
        const data = all
          .slice(offset, offset + limit)
          .map((membership) => toJson(userId, membership));
        return answer(200, { data, total_count: all.length });
      }
      const metadata = /^\/v1\/users\/([^/]+)\/metadata$/.exec(url.pathname);
      if (request.method === 'PATCH' && metadata) {
        return answer(200, { object: 'user', id: metadata[1], public_metadata: {} });
      }
      answer(404, { errors: [{ code: 'resource_not_found', message: 'not found' }] });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    apiUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    setMemberships: (userId, list) => void memberships.set(userId, list),
    membershipCalls: (userId) =>
      requests.filter((entry) =>
        entry.path.startsWith(`/v1/users/${userId}/organization_memberships?`),
      ).length,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** One membership as Clerk's Backend API writes it (`OrganizationMembership` JSON). */
function toJson(userId: string, membership: { id: string; role: string }) {
  const at = Date.parse('2025-01-01T00:00:00Z');
  return {
    object: 'organization_membership',
    id: `orgmem_${membership.id}_${userId}`,
    role: membership.role,
    role_name: membership.role.replace(/^org:/, ''),
    permissions: [],
    public_metadata: {},
    private_metadata: {},
    created_at: at,
    updated_at: at,
    organization: {
      object: 'organization',
      id: membership.id,
      name: membership.id,
      slug: membership.id,
      image_url: '',
      has_image: false,
      created_at: at,
      updated_at: at,
      public_metadata: {},
      private_metadata: {},
      max_allowed_memberships: 5,
      admin_delete_enabled: true,
      members_count: 1,
      created_by: userId,
    },
    public_user_data: {
      user_id: userId,
      identifier: `${userId}@example.com`,
      first_name: null,
      last_name: null,
      image_url: '',
      has_image: false,
    },
  };
}

export type ClerkTestApp = {
  testApp: TestApp;
  clerk: ClerkBackendStandIn;
  /** Signs a session token with the given claims. */
  sign(claims: Record<string, unknown>): Promise<string>;
  close(): Promise<void>;
};

/** An app on Clerk with its secret key, whose Backend API is a local stand-in. */
export async function startClerkTestApp(target: DatabaseTarget): Promise<ClerkTestApp> {
  const clerk = await startClerkBackendStandIn();
  const tokens = await createClerkTokens();
  const testApp = await buildTestApp(target, {
    env: { ...tokens.env, CLERK_SECRET_KEY: 'sk_test_crescendo' },
    clerkOverrides: { apiUrl: clerk.apiUrl },
  });
  return {
    testApp,
    clerk,
    sign: tokens.sign,
    async close() {
      await testApp.close();
      await clerk.close();
    },
  };
}
