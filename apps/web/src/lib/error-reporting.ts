import type { RuntimeConfig } from '@/config/env';

export const SENSITIVE_HEADERS = ['authorization', 'cookie', 'x-api-key'] as const;
export const IGNORED_ERRORS: (string | RegExp)[] = [
  /ResizeObserver loop/i,
  'NetworkError',
  'Failed to fetch',
];
export const DENIED_URLS: RegExp[] = [
  /extensions\//i,
  /^chrome:\/\//i,
  /^chrome-extension:\/\//i,
  /^moz-extension:\/\//i,
  /^safari-(web-)?extension:\/\//i,
];
export const REPLAY_OPTIONS = {
  mutationLimit: 10_000,
  mutationBreadcrumbLimit: 750,
  slowClickTimeout: 7_000,
} as const;

type HeaderBag = Record<string, unknown> | undefined;
type ReportEvent = {
  request?: { headers?: HeaderBag; cookies?: unknown } | undefined;
  exception?: { values?: { stacktrace?: { frames?: { filename?: string }[] } }[] } | undefined;
};

function stripHeaders(headers: HeaderBag): HeaderBag {
  if (!headers) return headers;
  return Object.fromEntries(
    Object.entries(headers).filter(
      ([name]) => !(SENSITIVE_HEADERS as readonly string[]).includes(name.toLowerCase()),
    ),
  );
}

/** Drops authorization, cookie and x-api-key headers and all cookies from an outgoing event. */
export function scrubEvent<T extends ReportEvent>(event: T): T {
  if (!event.request) return event;
  const request = { ...event.request, headers: stripHeaders(event.request.headers) };
  delete request.cookies;
  return { ...event, request };
}

export function isExtensionEvent(event: ReportEvent): boolean {
  const frames = event.exception?.values?.flatMap((value) => value.stacktrace?.frames ?? []) ?? [];
  return frames.some((frame) => DENIED_URLS.some((pattern) => pattern.test(frame.filename ?? '')));
}

export type ErrorReportingOptions = {
  dsn: string | undefined;
  enabled: boolean;
  environment: string;
  release: string;
  tracesSampleRate: number;
  replaysSessionSampleRate: number;
  replaysOnErrorSampleRate: number;
  ignoreErrors: (string | RegExp)[];
  denyUrls: RegExp[];
  sendDefaultPii: false;
  beforeSend: <T extends ReportEvent>(event: T) => T | null;
};

/** Spec §9 configuration, as a pure function of the runtime config. */
export function buildErrorReportingOptions(
  config: Pick<RuntimeConfig, 'sentryDsn' | 'sentryEnvironment' | 'release'>,
  flags: { isDevelopment: boolean; isForced: boolean },
): ErrorReportingOptions {
  const isProduction = config.sentryEnvironment === 'production';
  const dsn = config.sentryDsn ?? undefined;
  return {
    dsn,
    enabled: Boolean(dsn) && (!flags.isDevelopment || flags.isForced),
    environment: config.sentryEnvironment,
    release: config.release || '1.0.0',
    tracesSampleRate: isProduction ? 0.1 : 1,
    replaysSessionSampleRate: 0.1,
    replaysOnErrorSampleRate: 1,
    ignoreErrors: IGNORED_ERRORS,
    denyUrls: DENIED_URLS,
    sendDefaultPii: false,
    beforeSend: (event) => (isExtensionEvent(event) ? null : scrubEvent(event)),
  };
}

export type ErrorReporter = {
  captureException: (error: unknown, context?: Record<string, unknown>) => void;
};

let reporter: ErrorReporter | null = null;

export function reportError(error: unknown, context?: Record<string, unknown>): void {
  reporter?.captureException(error, context);
}

function afterFirstPaint(callback: () => void): void {
  const schedule = (window as Window & { requestIdleCallback?: (cb: () => void) => number })
    .requestIdleCallback;
  requestAnimationFrame(() => {
    if (schedule) schedule(callback);
    else setTimeout(callback, 1);
  });
}

/** Loads the SDK after first paint, and not at all without a DSN (inert: nothing is sent). */
export function initErrorReporting(
  config: Pick<RuntimeConfig, 'sentryDsn' | 'sentryEnvironment' | 'release'>,
  flags: { isDevelopment: boolean; isForced: boolean },
): void {
  const options = buildErrorReportingOptions(config, flags);
  if (!options.dsn || !options.enabled) return;
  afterFirstPaint(() => {
    void import('@sentry/react')
      .then((Sentry) => {
        Sentry.init({
          ...options,
          beforeSend: (event) => options.beforeSend(event),
          integrations: [
            Sentry.browserTracingIntegration(),
            Sentry.replayIntegration(REPLAY_OPTIONS),
          ],
        });
        reporter = {
          captureException: (error, context) => {
            Sentry.captureException(error, context ? { extra: context } : undefined);
          },
        };
      })
      .catch((error: unknown) => console.warn('Error reporting failed to load', error));
  });
}
