import { describe, expect, it } from 'vitest';
import { buildErrorReportingOptions, REPLAY_OPTIONS, scrubEvent } from './sentry-reporting';

const config = {
  sentryDsn: 'https://key@o0.ingest.example/1',
  sentryEnvironment: 'production',
  release: '',
};

describe('error reporting options (spec §9)', () => {
  it('samples traces at 0.1 in production and 1 otherwise; replay 0.1 / 1 on error', () => {
    const production = buildErrorReportingOptions(config, {
      isDevelopment: false,
      isForced: false,
    });
    expect(production.tracesSampleRate).toBe(0.1);
    expect(production.replaysSessionSampleRate).toBe(0.1);
    expect(production.replaysOnErrorSampleRate).toBe(1);
    const staging = buildErrorReportingOptions(
      { ...config, sentryEnvironment: 'staging' },
      { isDevelopment: false, isForced: false },
    );
    expect(staging.tracesSampleRate).toBe(1);
  });

  it('defaults the release to 1.0.0', () => {
    expect(
      buildErrorReportingOptions(config, { isDevelopment: false, isForced: false }).release,
    ).toBe('1.0.0');
  });

  it('is disabled in development unless forced, and without a DSN', () => {
    expect(
      buildErrorReportingOptions(config, { isDevelopment: true, isForced: false }).enabled,
    ).toBe(false);
    expect(
      buildErrorReportingOptions(config, { isDevelopment: true, isForced: true }).enabled,
    ).toBe(true);
    expect(
      buildErrorReportingOptions(
        { ...config, sentryDsn: null },
        { isDevelopment: false, isForced: true },
      ).enabled,
    ).toBe(false);
  });

  it('ignores ResizeObserver, NetworkError, Failed to fetch and extension errors', () => {
    const options = buildErrorReportingOptions(config, { isDevelopment: false, isForced: false });
    expect(options.ignoreErrors).toEqual(
      expect.arrayContaining(['NetworkError', 'Failed to fetch']),
    );
    expect(
      options.ignoreErrors.some(
        (p) => p instanceof RegExp && p.test('ResizeObserver loop limit exceeded'),
      ),
    ).toBe(true);
    const extensionEvent = {
      exception: {
        values: [{ stacktrace: { frames: [{ filename: 'chrome-extension://abc/x.js' }] } }],
      },
    };
    expect(options.beforeSend(extensionEvent)).toBeNull();
  });

  it('strips authorization, cookie and x-api-key headers and cookies', () => {
    const event = scrubEvent({
      request: {
        headers: {
          Authorization: 'Bearer x',
          Cookie: 'a=b',
          'X-API-Key': 'k',
          Accept: 'application/json',
        },
        cookies: { a: 'b' },
      },
    });
    expect(event.request?.headers).toEqual({ Accept: 'application/json' });
    expect(event.request).not.toHaveProperty('cookies');
  });

  it('uses the replay defaults of the spec', () => {
    expect(REPLAY_OPTIONS).toEqual({
      mutationLimit: 10000,
      mutationBreadcrumbLimit: 750,
      slowClickTimeout: 7000,
    });
  });
});
