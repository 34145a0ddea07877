import type { ImportStatus } from '@crescendo/contracts';
import type { QueryClient } from '@tanstack/react-query';

/** The organisation's imports (list and each one under it). */
export const importsKey = ['imports'] as const;

/** `done` and `failed` never change again; `queued` and `processing` do. */
export function isImportSettled(status: ImportStatus): boolean {
  return status === 'done' || status === 'failed';
}

/**
 * An import that finished or was deleted changes every figure read from statements: the
 * revenue page, the songs and the overview are asked again (by key prefix; nothing imported).
 */
export async function refreshImportedFigures(queryClient: QueryClient): Promise<void> {
  await Promise.all(
    [importsKey, ['revenue'], ['songs'], ['dashboard']].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}
