import type { shareLinkInputSchema } from '@crescendo/contracts';
import { type ShareLink, type ShareLinkCreated } from '@crescendo/contracts';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { canManageShareLinks } from '../../lib/permissions';
import { enforceHistoryWindow } from '../billing';
import type { CurrentUser } from '../users';
import { generateShareToken, hashSharePassword, hashShareToken } from './share-secrets';
import {
  insertShareLink,
  listShareLinkRows,
  markShareLinkRevoked,
  toShareLink,
} from './shares.repository';

type ShareLinkInput = z.output<typeof shareLinkInputSchema>;

function assertCanManage(user: CurrentUser): void {
  if (!canManageShareLinks(user.organization)) {
    throw AppError.forbidden('Only the owner or a manager can manage share links.');
  }
}

export async function createShareLink(
  db: Database,
  user: CurrentUser,
  input: ShareLinkInput,
  now: Date = new Date(),
): Promise<ShareLinkCreated> {
  assertCanManage(user);
  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
  if (expiresAt && expiresAt <= now) {
    throw new AppError('VALIDATION_FAILED', 'The expiry must be in the future.', {
      fields: [{ field: 'expiresAt', message: 'Must be in the future' }],
    });
  }
  // A link shows no more history than the plan lets the dashboard show (403 PLAN_LIMIT).
  await enforceHistoryWindow(db, user.organization.id, input, now);
  const token = generateShareToken();
  const row = await insertShareLink(db, {
    organizationId: user.organization.id,
    createdBy: user.id,
    tokenHash: hashShareToken(token),
    view: input.view,
    platform: input.platform,
    range: input.range ?? (input.from || input.to ? null : '28d'),
    fromDay: input.from ?? null,
    toDay: input.to ?? null,
    label: input.label || null,
    passwordHash: input.password ? await hashSharePassword(input.password) : null,
    includeRevenue: input.includeRevenue,
    expiresAt,
  });
  return { link: toShareLink(row, now), path: `/s/${token}` };
}

export async function listShareLinks(
  db: Database,
  user: CurrentUser,
  now: Date = new Date(),
): Promise<ShareLink[]> {
  assertCanManage(user);
  const rows = await listShareLinkRows(db, user.organization.id);
  return rows.map((row) => toShareLink(row, now));
}

/** Revoking twice is fine (the first time stands); another organisation's link is not found. */
export async function revokeShareLink(
  db: Database,
  user: CurrentUser,
  id: string,
  now: Date = new Date(),
): Promise<ShareLink> {
  assertCanManage(user);
  const row = await markShareLinkRevoked(db, user.organization.id, id, now);
  if (!row) throw AppError.notFound('No such share link.');
  return toShareLink(row, now);
}
