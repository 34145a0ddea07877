import { maxCampaignsPerOrganization } from '@crescendo/contracts';
import { count, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { campaigns } from '../../../db/schema';
import { AppError } from '../../../lib/app-error';

/** Refuses a new campaign once the organisation holds the most it may keep. */
export async function assertCampaignCapacity(db: Database, organizationId: string): Promise<void> {
  const [row] = await db
    .select({ total: count() })
    .from(campaigns)
    .where(eq(campaigns.organizationId, organizationId));
  if ((row?.total ?? 0) >= maxCampaignsPerOrganization) {
    throw new AppError(
      'CONFLICT',
      `You can keep up to ${maxCampaignsPerOrganization} campaigns. Delete one you no longer need to add another.`,
    );
  }
}
