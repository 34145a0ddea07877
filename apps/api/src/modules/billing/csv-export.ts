import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { requireCurrentUser } from '../../plugins/auth';
import { recordUsage } from './entitlements.service';

/**
 * Every CSV export's reply, metered in one place (issue 27): the export counts against the plan's
 * monthly `exports` once per action (the `Idempotency-Key` header, else the request id), after
 * the read and before the file is sent. After the read, so that a request that reads nothing (an
 * unknown connection, a bad query) spends no export; before sending, so that no file leaves past
 * the limit (403 PLAN_LIMIT instead). The CSV body bypasses the route's JSON schema serializer.
 */
export async function sendCsvExport(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  file: { filename: string; csv: () => string },
): Promise<FastifyReply> {
  await recordUsage(
    db,
    requireCurrentUser(request).organization.id,
    'exports',
    String(request.headers['idempotency-key'] ?? request.id),
  );
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .serializer((payload) => payload as string)
    .send(file.csv());
}
