import type { EmbeddedAuthError } from '@/lib/identity/embedded-client';

export const expiredLinkMessage = 'This link has expired or was already used. Ask for a new one.';

/** The identity provider's refusals in words a person can act on. */
export function describeIdentityError(error: EmbeddedAuthError): string {
  if (error.code === 'INVALID_TOKEN') return expiredLinkMessage;
  if (error.status === 429) return 'Too many attempts. Take a breath and try again in a minute.';
  return error.message || 'The sign-in service refused the request. Please try again.';
}
