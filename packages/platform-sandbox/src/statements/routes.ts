import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { isPersonaId, PERSONA_IDS } from '../personas/definitions';
import { describeSampleStatementsOf } from './index';
import type { SampleStatementFile } from './types';

const contentTypes: Record<string, string> = {
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  txt: 'text/plain',
};

/**
 * `GET /statements` lists each persona's sample files with download URLs;
 * `GET /statements/:persona/:fileName` downloads one (bytes exactly as generated: the
 * encodings are part of the sample). Files follow the sandbox clock's day and are cached per day.
 */
export function registerStatementRoutes(
  app: FastifyInstance,
  context: SandboxContext,
  root: string,
) {
  let cache: { day: number; files: Map<string, SampleStatementFile[]> } | null = null;
  const filesOf = (personaId: (typeof PERSONA_IDS)[number]): SampleStatementFile[] => {
    const day = context.today();
    if (cache?.day !== day) cache = { day, files: new Map() };
    let files = cache.files.get(personaId);
    if (!files) {
      files = describeSampleStatementsOf(context.world.persona(personaId), day);
      cache.files.set(personaId, files);
    }
    return files;
  };

  app.get('/', async (request) => {
    const base = `${request.protocol}://${request.host}${root}/statements`;
    return {
      personas: PERSONA_IDS.map((personaId) => ({
        id: personaId,
        artistName: context.world.persona(personaId).definition.artistName,
        files: filesOf(personaId).map((file) => ({
          fileName: file.fileName,
          format: file.format,
          source: file.source,
          bytes: file.bytes.length,
          url: `${base}/${personaId}/${encodeURIComponent(file.fileName)}`,
        })),
      })),
    };
  });

  app.get<{ Params: { persona: string; fileName: string } }>(
    '/:persona/:fileName',
    async (request, reply) => {
      const { persona, fileName } = request.params;
      const file = isPersonaId(persona)
        ? filesOf(persona).find((candidate) => candidate.fileName === fileName)
        : undefined;
      if (!file) {
        return reply.code(404).send({
          error: { code: 'NOT_FOUND', message: `No sample statement ${persona}/${fileName}` },
        });
      }
      const extension = fileName.split('.').pop() ?? 'csv';
      const asciiName = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
      return reply
        .header('content-type', contentTypes[extension] ?? 'application/octet-stream')
        .header(
          'content-disposition',
          `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
        )
        .send(file.bytes);
    },
  );
}
