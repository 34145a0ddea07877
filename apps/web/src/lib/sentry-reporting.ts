import * as Sentry from '@sentry/react';
import type { RuntimeConfig } from '@/config/env';
import { isErrorReportingEnabled, type ErrorReporter } from './error-reporting';

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
    enabled: isErrorReportingEnabled(config, flags),
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

/** Starts Sentry with the spec §9 options; loaded after first paint, and only with a DSN. */
export function startSentry(
  config: Pick<RuntimeConfig, 'sentryDsn' | 'sentryEnvironment' | 'release'>,
  flags: { isDevelopment: boolean; isForced: boolean },
): ErrorReporter {
  const options = buildErrorReportingOptions(config, flags);
  Sentry.init({
    ...options,
    beforeSend: (event) => options.beforeSend(event),
    integrations: [Sentry.browserTracingIntegration(), Sentry.replayIntegration(REPLAY_OPTIONS)],
  });
  return {
    captureException: (error, context) => {
      Sentry.captureException(error, context ? { extra: context } : undefined);
    },
  };
}
