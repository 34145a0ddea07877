import type { shareLinkInputSchema } from '@crescendo/contracts';
import type { ShareLink, ShareLinkCreated, ShareLinkList } from '@crescendo/contracts';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { canManageShareLinks } from '../../lib/permissions';
import { enforceHistoryWindow } from '../billing';
import type { CurrentUser } from '../users';
import { listConnectedPlatforms, requireConnectedPlatforms } from './share-platforms';
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
  const platforms = await requireConnectedPlatforms(db, user.organization.id, input.platforms);
  const token = generateShareToken();
  const row = await insertShareLink(db, {
    organizationId: user.organization.id,
    createdBy: user.id,
    tokenHash: hashShareToken(token),
    view: input.view,
    platforms,
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

/** The organisation's links, and the platforms a new one can show. */
export async function listShareLinks(
  db: Database,
  user: CurrentUser,
  now: Date = new Date(),
): Promise<ShareLinkList> {
  assertCanManage(user);
  const [rows, connectedPlatforms] = await Promise.all([
    listShareLinkRows(db, user.organization.id),
    listConnectedPlatforms(db, user.organization.id),
  ]);
  return { links: rows.map((row) => toShareLink(row, now)), connectedPlatforms };
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
