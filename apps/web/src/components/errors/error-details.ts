export const COPY_SUCCESS_MESSAGE =
  'Error details copied to clipboard. Please include them when reporting the issue.';
export const COPY_FAILURE_MESSAGE = 'Could not copy error details. Please take a screenshot.';

export function formatErrorDetails(
  error: Error,
  extra: { componentStack?: string | null } = {},
): string {
  return JSON.stringify(
    {
      message: error.message,
      name: error.name,
      stack: error.stack,
      componentStack: extra.componentStack ?? undefined,
      url: typeof window === 'undefined' ? undefined : window.location.href,
      userAgent: typeof navigator === 'undefined' ? undefined : navigator.userAgent,
      timestamp: new Date().toISOString(),
    },
    null,
    2,
  );
}

/** Report This Issue: copy details, then tell the user whether it worked (spec §8 texts). */
export async function copyErrorDetails(details: string): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) throw new Error('Clipboard unavailable');
    await navigator.clipboard.writeText(details);
    window.alert(COPY_SUCCESS_MESSAGE);
    return true;
  } catch {
    window.alert(COPY_FAILURE_MESSAGE);
    return false;
  }
}
