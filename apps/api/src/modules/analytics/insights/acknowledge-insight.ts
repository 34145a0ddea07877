import type { Database } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import type { CurrentUser } from '../../users';
import { markInsightSeen } from './insights.repository';

export async function acknowledgeInsight(
  db: Database,
  user: CurrentUser,
  id: string,
): Promise<void> {
  if (!(await markInsightSeen(db, user.organization.id, id)))
    throw AppError.notFound('No insight with that id.');
}
