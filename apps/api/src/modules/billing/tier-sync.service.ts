import type { PaidPlanId } from '@crescendo/contracts';
import { listMembersWithOtherTier, setMembersTier } from './billing.repository';
import type { BillingServices } from './webhooks.service';

/**
 * Brings the stored tier, and with Clerk each member's public metadata, in line with the tier in
 * force now. Called on read (the auth plugin's user lookup) when the two differ, which is how a
 * grace period that ran out or a cancellation that reached its period's end reaches Clerk: no
 * provider event marks those instants. Clerk is written first; the stored tier follows only once
 * it has been, so a failed write is tried again on the member's next request.
 */
export async function reconcilePublishedTier(
  services: Pick<BillingServices, 'db' | 'publishTier' | 'log'>,
  organizationId: string,
  tier: PaidPlanId | null,
): Promise<void> {
  const members = await listMembersWithOtherTier(services.db, organizationId, tier);
  if (members.length === 0) return;
  try {
    await services.publishTier(members, tier);
  } catch (error) {
    services.log?.warn(
      { organizationId, err: error },
      'could not publish the tier to the identity provider; retried on the next request',
    );
    return;
  }
  await setMembersTier(
    services.db,
    members.map((member) => member.id),
    tier,
  );
}
