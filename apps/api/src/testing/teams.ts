import type { OrganizationRole } from '@crescendo/contracts';
import { desc, eq } from 'drizzle-orm';
import { billingAccounts, sandboxMail } from '../db/schema';
import { bearer, signUp, testAppUrl, uniqueEmail, type TestApp } from './build-test-app';

/** Puts the organisation on an active paid plan, as a settled subscription would. */
export async function subscribe(
  testApp: TestApp,
  organizationId: string,
  planId: 'starter' | 'pro' | 'team' = 'team',
): Promise<void> {
  const now = Date.now();
  await testApp.database.db.insert(billingAccounts).values({
    organizationId,
    customerId: `cus_${organizationId}`,
    subscriptionId: `sub_${organizationId}`,
    planId,
    status: 'active',
    currentPeriodStart: new Date(now - 24 * 3600 * 1000),
    currentPeriodEnd: new Date(now + 29 * 24 * 3600 * 1000),
  });
}

/** The owner invites `email`; returns the API's answer and the link from the mailed message. */
export async function invite(
  testApp: TestApp,
  ownerToken: string,
  email: string,
  role: Exclude<OrganizationRole, 'owner'>,
): Promise<{ invitationId: string; url: string; token: string; mailedUrl: string | null }> {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/v1/team/invitations',
    headers: bearer(ownerToken),
    payload: { email, role },
  });
  if (response.statusCode !== 201) {
    throw new Error(`invite failed: ${response.statusCode} ${response.body}`);
  }
  const { invitation } = response.json<{ invitation: { id: string; url: string } }>();
  const [mail] = await testApp.database.db
    .select({ text: sandboxMail.text })
    .from(sandboxMail)
    .where(eq(sandboxMail.toAddress, email))
    .orderBy(desc(sandboxMail.createdAt))
    .limit(1);
  const mailedUrl = mail ? (/https?:\/\/\S+\/invite\/\S+/.exec(mail.text)?.[0] ?? null) : null;
  return {
    invitationId: invitation.id,
    url: invitation.url,
    token: new URL(invitation.url).pathname.split('/').pop()!,
    mailedUrl,
  };
}

/** Signs up a new account with `email` and accepts the invitation with it. */
export async function signUpAndAccept(
  testApp: TestApp,
  token: string,
  email: string = uniqueEmail('member'),
): Promise<{ token: string; cookie: string; email: string; status: number }> {
  const account = await signUp(testApp.app, { email, name: 'Invited Member' });
  const accepted = await testApp.app.inject({
    method: 'POST',
    url: `/api/v1/invitations/${token}/accept`,
    headers: bearer(account.token),
  });
  return { token: account.token, cookie: account.cookie, email, status: accepted.statusCode };
}

/** Switches the session's active organisation through the identity provider, as the web does. */
export async function setActiveOrganization(
  testApp: TestApp,
  cookie: string,
  identityOrganizationId: string,
): Promise<number> {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/auth/organization/set-active',
    headers: { cookie, origin: testAppUrl },
    payload: { organizationId: identityOrganizationId },
  });
  return response.statusCode;
}
