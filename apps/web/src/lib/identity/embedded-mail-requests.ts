import { embeddedAuthClient } from './embedded-client';

/*
 * The embedded identity's requests that mail a link: only the pages that send them load these,
 * not every page's start-up chunk with the session client (/login, decision 0006).
 */

/** Mails a reset link that opens /reset-password; answers the same for unknown emails. */
export const requestPasswordReset = (email: string) =>
  embeddedAuthClient.post('/request-password-reset', { email, redirectTo: '/reset-password' });

export const resetPassword = (input: { token: string; newPassword: string }) =>
  embeddedAuthClient.post('/reset-password', input);

/** Mails the address's confirmation link again; the link comes back to /verify-email. */
export const sendVerificationEmail = (email: string) =>
  embeddedAuthClient.post('/send-verification-email', { email, callbackURL: '/verify-email' });
