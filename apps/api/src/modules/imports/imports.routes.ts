import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import {
  importIdParamsSchema,
  importListResponseSchema,
  importResponseSchema,
  importSamplesResponseSchema,
} from '@crescendo/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { describeAttachment, describeTextFileType } from '../../lib/attachment';
import { routeRoles } from '../../lib/permissions';
import { readRequestOrigin } from '../../lib/request-origin';
import { errorResponses } from '../../lib/route-schemas';
import { requireCurrentUser } from '../../plugins/auth';
import { recordAuditEvent } from '../audit';
import { listImportSamples, type SampleStatementsOptions } from './import-samples';
import {
  deleteImport,
  describeTooLarge,
  getImport,
  listImports,
  openKeptImportFile,
  receiveImport,
} from './imports.service';
import { readUploadForm } from './upload-form';

/** Room for the multipart envelope (boundaries, part headers) around the file itself. */
const multipartOverheadBytes = 64 * 1024;

/**
 * The artist's own files: upload (multipart, one `file` field and an optional `keepFile`), history,
 * the kept original, deletion, samples.
 */
export const importsRoutes: FastifyPluginAsyncZod<{
  db: Database;
  /** The largest file accepted (config `IMPORT_MAX_FILE_BYTES`, at most 100 MB). */
  maxFileBytes: number;
  /** Sample statements for the demo persona, when the platform sandbox runs. */
  samples: SampleStatementsOptions | null;
}> = async (app, { db, maxFileBytes, samples }) => {
  // Only this plugin's routes parse multipart bodies; the app's 1 MB JSON limit stays as it is.
  await app.register(multipart, {
    limits: { fileSize: maxFileBytes, files: 1, fields: 10, parts: 11 },
    throwFileSizeLimit: false,
  });
  const config = { auth: 'user', roles: routeRoles.dashboard } as const;
  const security = [{ bearerAuth: [] }];
  const tags = ['imports'];

  app.post(
    '/api/v1/imports',
    {
      config,
      bodyLimit: maxFileBytes + multipartOverheadBytes,
      // After the auth hooks, before a byte of the body is read.
      onRequest: async (request) => {
        const declared = Number(request.headers['content-length']);
        if (Number.isFinite(declared) && declared > maxFileBytes + multipartOverheadBytes) {
          throw describeTooLarge(maxFileBytes);
        }
      },
      schema: {
        tags,
        summary:
          'Import a Spotify for Artists export or a distributor statement (multipart, one `file` field; `keepFile=true` keeps the original file, off by default); read in the background',
        security,
        consumes: ['multipart/form-data'],
        response: {
          202: importResponseSchema,
          ...errorResponses(400, 401, 403, 413, 415, 429),
        },
      },
    },
    async (request, reply) => {
      const user = requireCurrentUser(request);
      if (!request.isMultipart()) {
        throw new AppError(
          'UNSUPPORTED_MEDIA_TYPE',
          'Send the file as multipart/form-data in a field named "file".',
        );
      }
      const form = readUploadForm(request.parts());
      const part = await form.readFile();
      try {
        const answer = await receiveImport(
          db,
          user,
          {
            fileName: part.filename || 'upload',
            content: part.file,
            isTruncated: () => part.file.truncated,
            readKeepFile: form.readKeepFile,
          },
          { maxBytes: maxFileBytes },
        );
        await recordAuditEvent(db, {
          organizationId: user.organization.id,
          action: 'import_added',
          actor: { userId: user.id },
          origin: readRequestOrigin(request),
          detail: {
            importId: answer.import.id,
            fileName: answer.import.fileName,
            isFileKept: answer.import.isFileKept,
          },
        });
        return await reply.status(202).send(answer);
      } finally {
        // A refused file is not read further, but the connection must not stall on its rest.
        if (!part.file.readableEnded) part.file.resume();
      }
    },
  );

  app.get(
    '/api/v1/imports/:id/file',
    {
      config,
      schema: {
        tags,
        summary:
          'The original file of an import uploaded with `keepFile=true` (404 when it was not kept)',
        security,
        params: importIdParamsSchema,
        response: {
          200: z.string().describe('The file, byte for byte as it was uploaded'),
          ...errorResponses(400, 401, 403, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const file = await openKeptImportFile(db, requireCurrentUser(request), request.params.id);
      return (
        reply
          .header('content-type', describeTextFileType(file.fileName))
          .header('content-disposition', describeAttachment(file.fileName))
          .header('content-length', String(file.fileBytes))
          .header('cache-control', 'private, no-store')
          // A stream is sent as it is (Fastify skips serialization); the schema documents it.
          .send(Readable.from(file.content) as unknown as string)
      );
    },
  );

  app.get(
    '/api/v1/imports',
    {
      config,
      schema: {
        tags,
        summary: "The organisation's imports, newest first",
        security,
        response: { 200: importListResponseSchema, ...errorResponses(401, 403, 429) },
      },
    },
    async (request) => listImports(db, requireCurrentUser(request)),
  );

  app.get(
    '/api/v1/imports/samples',
    {
      config,
      schema: {
        tags,
        summary: 'Sample files for the demo artist, in every supported format (sandbox mode only)',
        security,
        response: { 200: importSamplesResponseSchema, ...errorResponses(401, 403, 404, 429) },
      },
    },
    async () => {
      if (!samples) throw AppError.notFound('Sample statements exist only in sandbox mode.');
      return listImportSamples(samples);
    },
  );

  app.get(
    '/api/v1/imports/:id',
    {
      config,
      schema: {
        tags,
        summary: 'One import: its status, progress, counts, rejected lines and totals',
        security,
        params: importIdParamsSchema,
        response: { 200: importResponseSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => getImport(db, requireCurrentUser(request), request.params.id),
  );

  app.delete(
    '/api/v1/imports/:id',
    {
      config,
      schema: {
        tags,
        summary:
          'Delete an import: its lines go (unless another import also holds them), nothing else',
        security,
        params: importIdParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const user = requireCurrentUser(request);
      const { import: removed } = await getImport(db, user, request.params.id);
      await deleteImport(db, user, request.params.id);
      await recordAuditEvent(db, {
        organizationId: user.organization.id,
        action: 'import_deleted',
        actor: { userId: user.id },
        origin: readRequestOrigin(request),
        detail: { importId: removed.id, fileName: removed.fileName },
      });
      return reply.status(204).send(null);
    },
  );
};
