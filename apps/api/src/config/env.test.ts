import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';

describe('loadConfig', () => {
  it('gives working embedded defaults with nothing configured', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.identityProvider).toBe('embedded');
    expect(config.databaseUrl).toBeNull();
    expect(config.seedDemo).toBe(true);
    expect(config.waitlistMode).toBe('approval');
    expect(config.appUrl).toBe('http://localhost:3000');
    expect(config.dataDir.endsWith('.data')).toBe(true);
  });

  it.each([
    [{ PORT: 'abc' }, /^Invalid configuration: PORT must be a port number \(got "abc"\)$/],
    [{ PORT: '70000' }, /^Invalid configuration: PORT must be between 0 and 65535/],
    [
      { WAITLIST_MODE: 'sometimes' },
      /^Invalid configuration: WAITLIST_MODE must be approval or open/,
    ],
    [
      { DATABASE_URL: 'mysql://x' },
      /^Invalid configuration: DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL$/,
    ],
    [
      { AUTH_SECRET: 'short' },
      /^Invalid configuration: AUTH_SECRET must be at least 32 characters$/,
    ],
    [
      { CLERK_PUBLISHABLE_KEY: 'pk_test_abc' },
      /^Invalid configuration: CLERK_JWT_KEY is required when Clerk is configured/,
    ],
    [{ SEED_DEMO: 'maybe' }, /^Invalid configuration: SEED_DEMO must be true or false/],
  ])('names the variable and the problem in one line for %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('never echoes secret values in the error', () => {
    try {
      loadConfig({ AUTH_SECRET: 'hunter2-secret' });
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message).not.toContain('hunter2');
    }
  });

  it('switches to Clerk with both keys and never seeds demo accounts then', () => {
    const config = loadConfig({
      CLERK_PUBLISHABLE_KEY: 'pk_test_Y2xlcmsuZXhhbXBsZS50ZXN0JA',
      CLERK_JWT_KEY: '-----BEGIN PUBLIC KEY-----\nabc\n-----END PUBLIC KEY-----',
      SEED_DEMO: 'true',
    });
    expect(config.identityProvider).toBe('clerk');
    expect(config.seedDemo).toBe(false);
    expect(config.clerk?.authorizedParties).toEqual(['http://localhost:3000']);
  });

  it('seeds the demo accounts (published password) only when running locally unless asked', () => {
    expect(loadConfig({ APP_URL: 'http://127.0.0.1:3000' }).seedDemo).toBe(true);
    expect(loadConfig({ APP_URL: 'http://app.localhost:3000' }).seedDemo).toBe(true);
    expect(loadConfig({ APP_URL: 'http://[::1]:3000' }).seedDemo).toBe(true);
    // A public deployment (its own host, or a shared PostgreSQL) gets no known admin login.
    expect(loadConfig({ APP_URL: 'https://app.crescendo.fm' }).seedDemo).toBe(false);
    expect(loadConfig({ APP_URL: 'http://10.0.0.5:3000' }).seedDemo).toBe(false);
    const shared = {
      DATABASE_URL: 'postgres://db/crescendo',
      AUTH_SECRET: 'x'.repeat(40),
      TOKEN_ENCRYPTION_KEYS: `1:${Buffer.alloc(32, 7).toString('base64')}`,
    };
    expect(loadConfig(shared).seedDemo).toBe(false);
    expect(
      loadConfig({ APP_URL: 'https://staging.crescendo.fm', SEED_DEMO: 'true' }).seedDemo,
    ).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('refuses a shared database without shared secrets, in one line saying what to set', () => {
    const key = `1:${Buffer.alloc(32, 7).toString('base64')}`;
    const secret = 'x'.repeat(40);
    const url = 'postgres://db/crescendo';
    expect(() => loadConfig({ DATABASE_URL: url })).toThrow(
      /^Invalid configuration: AUTH_SECRET is required with DATABASE_URL: set AUTH_SECRET and TOKEN_ENCRYPTION_KEYS to the same values on every process/,
    );
    expect(() => loadConfig({ DATABASE_URL: url, AUTH_SECRET: secret })).toThrow(
      /^Invalid configuration: TOKEN_ENCRYPTION_KEYS is required with DATABASE_URL/,
    );
    expect(() => loadConfig({ DATABASE_URL: url, AUTH_SECRET: secret })).not.toThrow(/\n/);
    expect(
      loadConfig({ DATABASE_URL: url, AUTH_SECRET: secret, TOKEN_ENCRYPTION_KEYS: key })
        .databaseUrl,
    ).toBe(url);
  });

  it('reads TRUST_PROXY as a hop count or a list of proxy addresses, never "trust every hop"', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, loopback,::1' }).trustProxy).toBe(
      '10.0.0.0/8,loopback,::1',
    );
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /^Invalid configuration: TRUST_PROXY must be a hop count \(e\.g\. 1\) or the proxies' addresses\/CIDRs/,
    );
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/40' })).toThrow(/TRUST_PROXY/);
  });

  it('uses the payments sandbox by default and real Stripe only with every Stripe setting', () => {
    const sandbox = loadConfig({}).billing;
    expect(sandbox).toMatchObject({
      isSandbox: true,
      webhookSecret: null,
      sandboxUrl: 'http://localhost:3000/payments-sandbox',
      priceIds: {
        starter: 'price_sandbox_starter',
        pro: 'price_sandbox_pro',
        team: 'price_sandbox_team',
      },
      graceDays: 7,
    });
    const stripe = {
      STRIPE_SECRET_KEY: 'sk_test_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      STRIPE_PRICE_STARTER: 'price_1',
      STRIPE_PRICE_PRO: 'price_2',
      STRIPE_PRICE_TEAM: 'price_3',
    };
    expect(loadConfig(stripe).billing).toMatchObject({
      isSandbox: false,
      secretKey: 'sk_test_abc',
      webhookSecret: 'whsec_abc',
      sandboxUrl: null,
      priceIds: { starter: 'price_1', pro: 'price_2', team: 'price_3' },
    });
    const { STRIPE_PRICE_TEAM: _team, ...missingTeam } = stripe;
    expect(() => loadConfig(missingTeam)).toThrow(
      /^Invalid configuration: STRIPE_PRICE_TEAM is required when Stripe is configured/,
    );
    expect(() => loadConfig({ ...stripe, STRIPE_WEBHOOK_SECRET: 'nope' })).toThrow(
      /STRIPE_WEBHOOK_SECRET must start with whsec_$/,
    );
  });

  it('allows the Vite dev origin only in development', () => {
    expect(loadConfig({}).corsOrigins).toEqual(['http://localhost:3000']);
    expect(loadConfig({ NODE_ENV: 'development' }).corsOrigins).toEqual([
      'http://localhost:3000',
      'http://localhost:5173',
    ]);
  });

  it('splits comma-separated CORS origins', () => {
    expect(loadConfig({ CORS_ORIGINS: 'https://a.test, https://b.test ,' }).corsOrigins).toEqual([
      'https://a.test',
      'https://b.test',
    ]);
  });
});
