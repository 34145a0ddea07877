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

  it('uses the payments sandbox by default and real Stripe only with every Stripe setting', () => {
    const sandbox = loadConfig({}).billing;
    expect(sandbox).toMatchObject({
      isSandbox: true,
      webhookSecret: null,
      sandboxUrl: 'http://localhost:3000/payments-sandbox',
      priceIds: { starter: 'price_sandbox_starter', pro: 'price_sandbox_pro', team: 'price_sandbox_team' }, // prettier-ignore
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

  it('splits comma-separated CORS origins', () => {
    expect(loadConfig({ CORS_ORIGINS: 'https://a.test, https://b.test ,' }).corsOrigins).toEqual([
      'https://a.test',
      'https://b.test',
    ]);
  });
});
