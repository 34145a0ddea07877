import type { Campaign, campaignInputSchema } from '@crescendo/contracts';
import type { z } from 'zod';
import type { Database } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import type { CurrentUser } from '../../users';

type CampaignInput = z.output<typeof campaignInputSchema>;
import { toCampaignValues } from './campaign-values';
import { updateCampaign } from './campaigns.repository';

export async function replaceCampaign(
  db: Database,
  user: CurrentUser,
  id: string,
  input: CampaignInput,
): Promise<Campaign> {
  const campaign = await updateCampaign(
    db,
    user.organization.id,
    id,
    await toCampaignValues(db, user, input),
  );
  if (!campaign) throw AppError.notFound('No campaign with that id.');
  return campaign;
}
