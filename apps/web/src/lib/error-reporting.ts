import type { RuntimeConfig } from '@/config/env';

export type ErrorReporter = {
  captureException: (error: unknown, context?: Record<string, unknown>) => void;
};

let reporter: ErrorReporter | null = null;

export function reportError(error: unknown, context?: Record<string, unknown>): void {
  reporter?.captureException(error, context);
}

/** Spec §9: reporting needs a DSN, and is off in development unless forced. */
export function isErrorReportingEnabled(
  config: Pick<RuntimeConfig, 'sentryDsn'>,
  flags: { isDevelopment: boolean; isForced: boolean },
): boolean {
  return Boolean(config.sentryDsn) && (!flags.isDevelopment || flags.isForced);
}

function afterFirstPaint(callback: () => void): void {
  const schedule = (window as Window & { requestIdleCallback?: (cb: () => void) => number })
    .requestIdleCallback;
  requestAnimationFrame(() => {
    if (schedule) schedule(callback);
    else setTimeout(callback, 1);
  });
}

/**
 * Loads the SDK and its options after first paint, and not at all without a DSN (inert: nothing
 * is sent). Errors before then are not reported.
 */
export function initErrorReporting(
  config: Pick<RuntimeConfig, 'sentryDsn' | 'sentryEnvironment' | 'release'>,
  flags: { isDevelopment: boolean; isForced: boolean },
): void {
  if (!isErrorReportingEnabled(config, flags)) return;
  afterFirstPaint(() => {
    void import('./sentry-reporting')
      .then(({ startSentry }) => {
        reporter = startSentry(config, flags);
      })
      .catch((error: unknown) => console.warn('Error reporting failed to load', error));
  });
}
