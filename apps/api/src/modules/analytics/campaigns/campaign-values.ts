import { defaultMeasureOn, type campaignInputSchema } from '@crescendo/contracts';
import type { z } from 'zod';
import type { Database } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import type { CurrentUser } from '../../users';

type CampaignInput = z.output<typeof campaignInputSchema>;
import { isContentOfOrganization } from './campaigns.repository';

export async function toCampaignValues(db: Database, user: CurrentUser, input: CampaignInput) {
  if (
    input.linkedContentId &&
    !(await isContentOfOrganization(db, user.organization.id, input.linkedContentId))
  ) {
    throw new AppError('VALIDATION_FAILED', 'Invalid body: linkedContentId', {
      fields: [{ field: 'linkedContentId', message: 'No content with that id in your catalogue' }],
    });
  }
  return {
    name: input.name,
    channel: input.channel,
    amount: input.amount.toFixed(2),
    currency: input.currency,
    startDate: input.startDate,
    endDate: input.endDate,
    linkedContentId: input.linkedContentId ?? null,
    linkedRelease: input.linkedRelease || null,
    extraRevenue: input.extraRevenue.toFixed(2),
    measureOn: input.measureOn ?? defaultMeasureOn(input.channel),
    notes: input.notes || null,
    songIsrc: input.songIsrc ?? null,
    releaseUpc: input.releaseUpc ?? null,
  };
}
