import { desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authUser, authVerification, sandboxMail } from '../../db/schema';
import {
  buildTestApp,
  signIn,
  signUp,
  testAppUrl,
  uniqueEmail,
  type TestApp,
} from '../../testing/build-test-app';
import { databaseTargets } from '../../testing/test-database';
import {
  verificationMailLimitMessage,
  verificationMailsPer15Minutes,
} from './embedded-identity.routes';

describe.each(databaseTargets)('password reset and email verification on %s', (target) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp(target);
  });
  afterAll(async () => testApp.close());

  const post = (url: string, payload: object, cookie?: string) =>
    testApp.app.inject({
      method: 'POST',
      url,
      headers: { origin: testAppUrl, ...(cookie ? { cookie } : {}) },
      payload,
    });

  /** The newest mail to an address, opened on the mailbox's page, and the link in it. */
  async function readLatestMail(to: string): Promise<{ subject: string; link: string } | null> {
    const [newest] = await testApp.database.db
      .select({ id: sandboxMail.id, subject: sandboxMail.subject })
      .from(sandboxMail)
      .where(eq(sandboxMail.toAddress, to))
      .orderBy(desc(sandboxMail.createdAt))
      .limit(1);
    if (!newest) return null;
    const page = await testApp.app.inject({ method: 'GET', url: `/sandbox/mail/${newest.id}` });
    const link = page.body.match(/<a href="(http:\/\/localhost:3000\/api\/auth\/[^"]+)"/)?.[1];
    return { subject: newest.subject, link: link!.replace(/&amp;/g, '&') };
  }

  it('mails a reset link that works once, then the new password signs in', async () => {
    const account = await signUp(testApp.app);
    const requested = await post('/api/auth/request-password-reset', {
      email: account.email,
      redirectTo: '/reset-password',
    });
    expect(requested.statusCode).toBe(200);
    const mail = await readLatestMail(account.email);
    expect(mail?.subject).toBe('Reset your Crescendo password');

    // The link checks the token, then hands it to the web app's reset form.
    const opened = await testApp.app.inject({ method: 'GET', url: mail!.link });
    expect(opened.statusCode).toBe(302);
    const landing = new URL(opened.headers.location!, testAppUrl);
    expect(landing.pathname).toBe('/reset-password');
    const token = landing.searchParams.get('token')!;
    expect(token).toBeTruthy();

    const tooShort = await post('/api/auth/reset-password', { token, newPassword: 'short' });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json().error.message).toBe('Password must be at least 8 characters.');

    const reset = await post('/api/auth/reset-password', {
      token,
      newPassword: 'a-brand-new-passphrase',
    });
    expect(reset.statusCode).toBe(200);
    await expect(signIn(testApp.app, account.email, account.password)).rejects.toThrow('401');
    expect((await signIn(testApp.app, account.email, 'a-brand-new-passphrase')).token).toBeTruthy();

    // Once only: the same token is refused with words a person can act on.
    const again = await post('/api/auth/reset-password', { token, newPassword: 'yet-another-one' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'This link has expired or was already used. Ask for a new one.',
      details: {
        fields: [
          {
            field: 'token',
            message: 'This link has expired or was already used. Ask for a new one.',
          },
        ],
      },
    });
    const reopened = await testApp.app.inject({ method: 'GET', url: mail!.link });
    expect(new URL(reopened.headers.location!, testAppUrl).searchParams.get('error')).toBe(
      'INVALID_TOKEN',
    );
  });

  it('refuses an expired reset link', async () => {
    const account = await signUp(testApp.app);
    await post('/api/auth/request-password-reset', {
      email: account.email,
      redirectTo: '/reset-password',
    });
    const mail = await readLatestMail(account.email);
    const token = new URL(mail!.link).pathname.split('/').pop()!;
    await testApp.database.db
      .update(authVerification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(like(authVerification.identifier, `reset-password:${token}`));
    const opened = await testApp.app.inject({ method: 'GET', url: mail!.link });
    expect(new URL(opened.headers.location!, testAppUrl).searchParams.get('error')).toBe(
      'INVALID_TOKEN',
    );
    const reset = await post('/api/auth/reset-password', { token, newPassword: 'too-late-now-1' });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().error.message).toBe(
      'This link has expired or was already used. Ask for a new one.',
    );
    expect((await signIn(testApp.app, account.email, account.password)).token).toBeTruthy();
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    const email = uniqueEmail('nobody');
    const requested = await post('/api/auth/request-password-reset', {
      email,
      redirectTo: '/reset-password',
    });
    expect(requested.statusCode).toBe(200);
    expect(await readLatestMail(email)).toBeNull();
  });

  it('mails a verification link on sign-up that marks the email verified', async () => {
    const email = uniqueEmail('verify');
    const signedUp = await post('/api/auth/sign-up/email', {
      email,
      password: 'correct-horse-battery',
      name: 'Juniper Vale',
      callbackURL: '/verify-email',
    });
    expect(signedUp.statusCode).toBe(200);
    const isVerified = async () =>
      (
        await testApp.database.db
          .select({ verified: authUser.emailVerified })
          .from(authUser)
          .where(eq(authUser.email, email))
      )[0]!.verified;
    expect(await isVerified()).toBe(false);
    const mail = await readLatestMail(email);
    expect(mail?.subject).toBe('Confirm your email for Crescendo');
    const opened = await testApp.app.inject({ method: 'GET', url: mail!.link });
    expect(opened.statusCode).toBe(302);
    expect(new URL(opened.headers.location!, testAppUrl).pathname).toBe('/verify-email');
    expect(await isVerified()).toBe(true);

    const forged = await testApp.app.inject({
      method: 'GET',
      url: '/api/auth/verify-email?token=not-a-token&callbackURL=%2Fverify-email',
    });
    expect(new URL(forged.headers.location!, testAppUrl).searchParams.get('error')).toBe(
      'INVALID_TOKEN',
    );
  });

  it('resends the confirmation mail on request, a few times per account, then answers 429', async () => {
    const email = uniqueEmail('resend');
    await post('/api/auth/sign-up/email', {
      email,
      password: 'correct-horse-battery',
      name: 'Juniper Vale',
      callbackURL: '/verify-email',
    });
    const countMail = async () =>
      (await testApp.database.db.select().from(sandboxMail).where(eq(sandboxMail.toAddress, email)))
        .length;
    expect(await countMail()).toBe(1);
    const resend = () =>
      post('/api/auth/send-verification-email', { email, callbackURL: '/verify-email' });
    for (let sent = 0; sent < verificationMailsPer15Minutes.account; sent += 1) {
      expect((await resend()).statusCode).toBe(200);
    }
    expect(await countMail()).toBe(1 + verificationMailsPer15Minutes.account);
    const limited = await resend();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().error).toMatchObject({
      code: 'RATE_LIMITED',
      message: verificationMailLimitMessage,
    });
    expect(await countMail()).toBe(1 + verificationMailsPer15Minutes.account);
  });
});
