import { describe, expect, it } from 'vitest';
import { loadRuntimeConfig } from './env';

function docWithMeta(content: string | null): Document {
  const doc = document.implementation.createHTMLDocument('t');
  if (content !== null) {
    const meta = doc.createElement('meta');
    meta.name = 'crescendo-config';
    meta.content = content;
    doc.head.appendChild(meta);
  }
  return doc;
}

describe('loadRuntimeConfig', () => {
  it('parses the server-injected meta config', () => {
    const config = loadRuntimeConfig(
      docWithMeta(
        JSON.stringify({
          identityProvider: 'clerk',
          clerkPublishableKey: 'pk_test_x',
          waitlistMode: 'open',
          sentryDsn: 'https://k@o.ingest/1',
          sentryEnvironment: 'production',
          release: '2.0.0',
          productionHost: 'app.crescendo.fm',
          sandbox: true,
        }),
      ),
      {},
    );
    expect(config).toMatchObject({
      identityProvider: 'clerk',
      waitlistMode: 'open',
      release: '2.0.0',
      sandbox: true,
    });
  });

  it('falls back to VITE_* variables when no meta tag is present (dev)', () => {
    const config = loadRuntimeConfig(docWithMeta(null), {
      VITE_IDENTITY_PROVIDER: 'clerk',
      VITE_CLERK_PUBLISHABLE_KEY: 'pk_dev',
      VITE_WAITLIST_MODE: 'open',
      MODE: 'development',
    });
    expect(config.identityProvider).toBe('clerk');
    expect(config.clerkPublishableKey).toBe('pk_dev');
    expect(config.waitlistMode).toBe('open');
  });

  it('defaults to embedded identity, approval mode and no DSN', () => {
    const config = loadRuntimeConfig(docWithMeta(null), {});
    expect(config).toMatchObject({
      identityProvider: 'embedded',
      clerkPublishableKey: null,
      waitlistMode: 'approval',
      sentryDsn: null,
      release: '1.0.0',
    });
  });

  it('ignores the unreplaced placeholder and invalid JSON', () => {
    expect(loadRuntimeConfig(docWithMeta('{not json'), {}).identityProvider).toBe('embedded');
  });

  it('falls back to defaults on values outside the schema', () => {
    const config = loadRuntimeConfig(docWithMeta(JSON.stringify({ identityProvider: 'okta' })), {});
    expect(config.identityProvider).toBe('embedded');
  });

  it('names the invalid fields and keeps the defaults for all of them', () => {
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void errors.push(args);
    try {
      const config = loadRuntimeConfig(
        docWithMeta(JSON.stringify({ waitlistMode: 'open', sandbox: 'yes', release: 2 })),
        {},
      );
      expect(config.waitlistMode).toBe('approval');
      expect(config.sandbox).toBe(false);
      expect(errors).toEqual([
        ['Invalid crescendo-config; using defaults', ['release', 'sandbox']],
      ]);
    } finally {
      console.error = original;
    }
  });
});
