import type { PaidPlanId } from '@crescendo/contracts';
import { listTierMembers, setMembersTier, type TierMember } from './billing.repository';
import { resolveBestPlan } from './entitlements.service';
import type { BillingServices } from './webhooks.service';

/**
 * Brings the stored tier, and with Clerk each person's public metadata, in line with the tier in
 * force now (decision 0021: the best plan among the organisations the person belongs to) for the
 * members of `organizationIds` and the users named. Called after a subscription changes, and on
 * read (the auth plugin's user lookup) when the caller's stored tier differs from theirs in
 * force, which is how a grace period that ran out or a cancellation that reached its period's
 * end reaches Clerk: no provider event marks those instants. Clerk is written first; the stored
 * tier follows only once it has been, so a failed write is tried again on the member's next
 * request.
 */
export async function reconcilePublishedTier(
  services: Pick<BillingServices, 'db' | 'publishTier' | 'log' | 'now'>,
  scope: { organizationIds: string[]; userIds?: string[] },
): Promise<void> {
  const now = services.now?.() ?? new Date();
  const members = await listTierMembers(services.db, scope);
  const byTier = new Map<PaidPlanId | null, TierMember[]>();
  for (const member of members) {
    const tier = resolveBestPlan(member.subscriptions, now);
    if (tier === member.tier) continue;
    byTier.set(tier, [...(byTier.get(tier) ?? []), member]);
  }
  for (const [tier, changed] of byTier) {
    try {
      await services.publishTier(changed, tier);
    } catch (error) {
      services.log?.warn(
        { organizationIds: scope.organizationIds, err: error },
        'could not publish the tier to the identity provider; retried on the next request',
      );
      continue;
    }
    await setMembersTier(
      services.db,
      changed.map((member) => member.id),
      tier,
    );
  }
}
