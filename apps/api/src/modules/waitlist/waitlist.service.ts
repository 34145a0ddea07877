import type { ListWaitlistResponse, WaitlistEntry } from '@crescendo/contracts';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { buildWaitlistApprovedMail, type Mailer } from '../mail';
import type { CurrentUser } from '../../lib/current-user';
import { updateAccessForDecision } from '../organizations';
import { decideEntry, findEntryById, listEntries, type EntryStatus } from './waitlist.repository';

export async function listWaitlist(
  db: Database,
  filter: { status?: EntryStatus | undefined; limit: number; offset: number },
): Promise<ListWaitlistResponse> {
  return listEntries(
    db,
    filter.status
      ? { ...filter, status: filter.status }
      : { limit: filter.limit, offset: filter.offset },
  );
}

/**
 * Approving or rejecting is final per call but may be reversed by the opposite call. The decision
 * and the person's access change together: approval makes a lead a customer in the same step.
 */
export async function decideWaitlistEntry(
  deps: {
    db: Database;
    mailer: Mailer;
    appUrl: string;
    log?: { warn(object: object, message: string): void };
  },
  admin: CurrentUser,
  id: string,
  decision: 'approved' | 'rejected',
): Promise<WaitlistEntry> {
  const { db } = deps;
  const existing = await findEntryById(db, id);
  if (!existing) throw AppError.notFound('No waitlist entry with that id.');
  if (
    existing.status === decision &&
    existing.role !== (decision === 'approved' ? 'lead' : 'customer')
  )
    return existing;
  await db.transaction(async (tx) => {
    await decideEntry(tx, id, decision, admin.id);
    if (existing.userId)
      await updateAccessForDecision(tx, existing.userId, decision === 'approved');
  });
  const entry = await findEntryById(db, id);
  if (!entry) throw AppError.notFound('No waitlist entry with that id.');
  if (decision === 'approved' && existing.status !== 'approved') {
    // The pending page promised a mail "the moment your dashboard is ready". A failed send must
    // not undo the decision: it is logged, and the pending page shows the approval by itself.
    try {
      await deps.mailer.sendMail(
        buildWaitlistApprovedMail({
          to: entry.email,
          name: entry.name,
          url: new URL('/login', deps.appUrl).toString(),
        }),
      );
    } catch (error) {
      deps.log?.warn(
        { reason: error instanceof Error ? error.message : String(error) },
        'waitlist approval mail not sent',
      );
    }
  }
  return entry;
}
