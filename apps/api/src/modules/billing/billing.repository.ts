import type { Invoice, PaidPlanId } from '@crescendo/contracts';
import { and, desc, eq, inArray, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { billingAccounts, billingEvents, billingInvoices, users } from '../../db/schema';
import { isMemberOfOrganization, memberSubscriptionsOfUser, toStandings } from '../organizations';

export type BillingAccount = typeof billingAccounts.$inferSelect;

/** The subscription fields the plan in force depends on (a billing account, or a join of it). */
export type SubscriptionStanding = Pick<
  BillingAccount,
  'status' | 'planId' | 'graceEndsAt' | 'currentPeriodEnd' | 'cancelAtPeriodEnd'
>;

export async function findBillingAccount(
  db: Database,
  organizationId: string,
): Promise<BillingAccount | null> {
  const rows = await db
    .select()
    .from(billingAccounts)
    .where(eq(billingAccounts.organizationId, organizationId))
    .limit(1);
  return rows[0] ?? null;
}

export async function findBillingAccountByCustomer(
  db: Database,
  customerId: string,
): Promise<BillingAccount | null> {
  const rows = await db
    .select()
    .from(billingAccounts)
    .where(eq(billingAccounts.customerId, customerId))
    .limit(1);
  return rows[0] ?? null;
}

/** Links the organisation to its provider customer once; answers the customer id that won. */
export async function insertBillingAccount(
  db: Database,
  organizationId: string,
  customerId: string,
): Promise<string> {
  await db
    .insert(billingAccounts)
    .values({ organizationId, customerId })
    .onConflictDoNothing({ target: billingAccounts.organizationId });
  return (await findBillingAccount(db, organizationId))!.customerId;
}

export type SubscriptionState = {
  subscriptionId: string;
  planId: PaidPlanId | null;
  priceId: string | null;
  status: string;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  paymentMethodBrand: string | null;
  paymentMethodLast4: string | null;
};

/** Writes the subscription as the provider reports it now (with the grace end it implies). */
export async function updateSubscriptionState(
  db: Database,
  organizationId: string,
  state: SubscriptionState & { graceEndsAt: Date | null },
): Promise<void> {
  await db
    .update(billingAccounts)
    .set({ ...state, updatedAt: new Date() })
    .where(eq(billingAccounts.organizationId, organizationId));
}

/**
 * Claims an event: true for its first delivery, false for a duplicate (processed, or being
 * processed by a concurrent delivery). A failed attempt releases its claim so a retry runs.
 */
export async function claimEvent(db: Database, id: string, type: string): Promise<boolean> {
  const inserted = await db
    .insert(billingEvents)
    .values({ id, type, status: 'processed', processedAt: new Date() })
    .onConflictDoNothing({ target: billingEvents.id })
    .returning({ id: billingEvents.id });
  return inserted.length > 0;
}

export async function releaseEvent(db: Database, id: string): Promise<void> {
  await db.delete(billingEvents).where(eq(billingEvents.id, id));
}

export async function upsertInvoice(
  db: Database,
  organizationId: string,
  invoice: Omit<Invoice, 'createdAt'> & { createdAt: Date },
): Promise<void> {
  await db
    .insert(billingInvoices)
    .values({ ...invoice, organizationId })
    .onConflictDoUpdate({
      target: [billingInvoices.organizationId, billingInvoices.id],
      set: { status: invoice.status, amountCents: invoice.amountCents, number: invoice.number },
    });
}

export async function listInvoices(
  db: Database,
  organizationId: string,
  limit = 12,
): Promise<Invoice[]> {
  const rows = await db
    .select()
    .from(billingInvoices)
    .where(eq(billingInvoices.organizationId, organizationId))
    .orderBy(desc(billingInvoices.createdAt))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    number: row.number,
    amountCents: row.amountCents,
    currency: row.currency,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    hostedInvoiceUrl: row.hostedInvoiceUrl,
  }));
}

export type TierMember = {
  id: string;
  subject: string;
  identityProvider: string;
  email: string;
  /** The tier last written for them (and, with Clerk, published). */
  tier: string | null;
  /** The subscriptions of every organisation they belong to (decision 0021). */
  subscriptions: SubscriptionStanding[];
};

/**
 * The members of the organisations (through the identity provider's memberships, so members who
 * joined through an invitation too), and the users named, each with the subscriptions their
 * tier is computed from.
 */
export async function listTierMembers(
  db: Database,
  scope: { organizationIds: string[]; userIds?: string[] },
): Promise<TierMember[]> {
  const conditions = [
    ...scope.organizationIds.map((organizationId) => isMemberOfOrganization(organizationId)),
    ...(scope.userIds?.length ? [inArray(users.id, scope.userIds)] : []),
  ];
  if (conditions.length === 0) return [];
  const rows = await db
    .select({
      id: users.id,
      subject: users.subject,
      identityProvider: users.identityProvider,
      email: users.email,
      tier: users.tier,
      subscriptions: memberSubscriptionsOfUser(),
    })
    .from(users)
    .where(or(...conditions));
  return rows.map((row) => ({
    ...row,
    subscriptions: toStandings(row.subscriptions),
  }));
}

/** Paying skips the waitlist: the organisation's leads become customers. Answers their emails. */
export async function promoteLeadsOfOrganization(
  db: Database,
  organizationId: string,
): Promise<string[]> {
  const rows = await db
    .update(users)
    .set({ role: 'customer', updatedAt: new Date() })
    .where(and(eq(users.role, 'lead'), isMemberOfOrganization(organizationId)))
    .returning({ email: users.email });
  return rows.map((row) => row.email);
}

/** Stores `tier` as the members' published tier. */
export async function setMembersTier(
  db: Database,
  memberIds: string[],
  tier: PaidPlanId | null,
): Promise<void> {
  if (memberIds.length === 0) return;
  await db.update(users).set({ tier, updatedAt: new Date() }).where(inArray(users.id, memberIds));
}
