import type {
  AuditAction,
  AuditEvent,
  AuditLogQuery,
  AuditLogResponse,
} from '@crescendo/contracts';
import type { Database } from '../../db/client';
import type { CurrentUser } from '../../lib/current-user';
import type { RequestOrigin } from '../../lib/request-origin';
import { insertAuditEvent, listAuditEvents, type AuditEventRow } from './audit.repository';

export type AuditEventInput = {
  organizationId: string;
  action: AuditAction;
  /** Who acted; their name and email are copied as they are now. Null: the payment provider. */
  actor: { userId: string } | null;
  origin: RequestOrigin | null;
  detail?: Record<string, unknown>;
};

/**
 * Records one event in the organisation's audit log. Call it after the change it describes has
 * been made (a refused change leaves no event).
 */
export async function recordAuditEvent(db: Database, input: AuditEventInput): Promise<void> {
  await insertAuditEvent(db, {
    organizationId: input.organizationId,
    action: input.action,
    actorUserId: input.actor?.userId ?? null,
    ipAddress: input.origin?.ipAddress ?? null,
    userAgent: input.origin?.userAgent ?? null,
    detail: input.detail ?? {},
  });
}

function toAuditEvent(row: AuditEventRow): AuditEvent {
  const hasActor = row.actorUserId !== null || row.actorName !== null || row.actorEmail !== null;
  return {
    id: row.id,
    action: row.action,
    actor: hasActor
      ? { userId: row.actorUserId, name: row.actorName, email: row.actorEmail }
      : null,
    ipAddress: row.ipAddress,
    userAgent: row.userAgent,
    detail: row.detail,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The active organisation's audit log, newest first (its owners only: see the route). */
export async function getAuditLog(
  db: Database,
  user: CurrentUser,
  query: AuditLogQuery,
): Promise<AuditLogResponse> {
  const { rows, total } = await listAuditEvents(db, user.organization.id, {
    offset: (query.page - 1) * query.pageSize,
    limit: query.pageSize,
  });
  return { events: rows.map(toAuditEvent), page: query.page, pageSize: query.pageSize, total };
}
