import type { Campaign, campaignInputSchema } from '@crescendo/contracts';
import type { z } from 'zod';
import type { Database } from '../../../db/client';
import type { CurrentUser } from '../../users';

type CampaignInput = z.output<typeof campaignInputSchema>;
import { assertCampaignCapacity } from './campaign-capacity';
import { toCampaignValues } from './campaign-values';
import { insertCampaign } from './campaigns.repository';

export async function createCampaign(
  db: Database,
  user: CurrentUser,
  input: CampaignInput,
): Promise<Campaign> {
  await assertCampaignCapacity(db, user.organization.id);
  return insertCampaign(db, user.organization.id, await toCampaignValues(db, user, input));
}
