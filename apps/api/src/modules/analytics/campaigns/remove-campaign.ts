import type { Database } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import type { CurrentUser } from '../../users';
import { deleteCampaign } from './campaigns.repository';

export async function removeCampaign(db: Database, user: CurrentUser, id: string): Promise<void> {
  if (!(await deleteCampaign(db, user.organization.id, id)))
    throw AppError.notFound('No campaign with that id.');
}
