import type { Invoice, PaidPlanId } from '@crescendo/contracts';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { billingAccounts, billingEvents, billingInvoices, users } from '../../db/schema';

export type BillingAccount = typeof billingAccounts.$inferSelect;

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
      target: billingInvoices.id,
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

/**
 * The organisation's members get the tier; leads become customers (paying skips the waitlist).
 * Answers the members, for the identity provider's metadata and the waitlist.
 */
export async function applyTierToOrganization(
  db: Database,
  organizationId: string,
  tier: PaidPlanId | null,
  isPaying: boolean,
): Promise<{ id: string; subject: string; identityProvider: string; email: string }[]> {
  return db
    .update(users)
    .set({
      tier,
      ...(isPaying
        ? { role: sql`case when ${users.role} = 'lead' then 'customer' else ${users.role} end` }
        : {}),
      updatedAt: new Date(),
    })
    .where(eq(users.organizationId, organizationId))
    .returning({
      id: users.id,
      subject: users.subject,
      identityProvider: users.identityProvider,
      email: users.email,
    });
}

export type TierMember = { id: string; subject: string; identityProvider: string; email: string };

/** The organisation's members whose stored (and published) tier is not `tier`. */
export async function listMembersWithOtherTier(
  db: Database,
  organizationId: string,
  tier: PaidPlanId | null,
): Promise<TierMember[]> {
  return db
    .select({
      id: users.id,
      subject: users.subject,
      identityProvider: users.identityProvider,
      email: users.email,
    })
    .from(users)
    .where(
      and(eq(users.organizationId, organizationId), sql`${users.tier} is distinct from ${tier}`),
    );
}

/** Stores `tier` as the members' published tier (no role change: see `applyTierToOrganization`). */
export async function setMembersTier(
  db: Database,
  memberIds: string[],
  tier: PaidPlanId | null,
): Promise<void> {
  if (memberIds.length === 0) return;
  await db.update(users).set({ tier, updatedAt: new Date() }).where(inArray(users.id, memberIds));
}
