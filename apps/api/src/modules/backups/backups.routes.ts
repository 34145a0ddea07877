import crypto from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readMigrationStatus, type DatabaseHandle } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { isLocalRequest } from '../../lib/local-request';
import { errorResponses } from '../../lib/route-schemas';
import { createBackupArchive, readDataDirSecrets } from './backup-archive';

export type BackupRoutesOptions = {
  database: DatabaseHandle;
  dataDir: string;
  /** The data dir's `secrets/backup-token`: `npm run backup` reads it from there. */
  token: string;
};

function hashOf(value: string): Buffer {
  return crypto.createHash('sha256').update(value).digest();
}

/**
 * `POST /api/admin/backup`: a consistent copy of the embedded database while the server runs
 * (PGlite's data dir cannot be opened by a second process), with the data dir's secrets. Only
 * for a client on this machine holding the token in the data dir; everyone else gets a 404.
 */
export const backupRoutes: FastifyPluginAsyncZod<BackupRoutesOptions> = async (app, options) => {
  const tokenHash = hashOf(options.token);
  app.post(
    '/api/admin/backup',
    {
      config: { rateLimit: false },
      schema: {
        hide: true,
        response: { 200: z.string(), ...errorResponses(404, 409) },
      },
    },
    async (request, reply) => {
      const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
      const isAllowed =
        isLocalRequest(request) &&
        match?.[1] !== undefined &&
        crypto.timingSafeEqual(hashOf(match[1]), tokenHash);
      if (!isAllowed) throw AppError.notFound('No route for POST /api/admin/backup');
      if (!options.database.dumpEmbedded) {
        throw new AppError(
          'CONFLICT',
          'This server uses PostgreSQL (DATABASE_URL): back it up with pg_dump (docs/operations.md).',
        );
      }
      const databaseDump = await options.database.dumpEmbedded();
      const migrations = await readMigrationStatus(options.database.db);
      const archive = createBackupArchive({
        databaseDump,
        secrets: readDataDirSecrets(options.dataDir),
        migrationsApplied: migrations.applied,
      });
      request.log.info({ bytes: archive.length }, 'backup taken');
      return reply
        .type('application/gzip')
        .header('cache-control', 'no-store')
        .header('content-disposition', 'attachment; filename="crescendo-backup.tar.gz"')
        .serializer((payload) => payload as string)
        .send(archive as unknown as string);
    },
  );
};
