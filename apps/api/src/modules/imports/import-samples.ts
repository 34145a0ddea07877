import type { ImportSamplesResponse } from '@crescendo/contracts';
import { generateSampleStatements } from '@crescendo/platform-sandbox';

export type SampleStatementsOptions = {
  /** The demo persona whose songs the samples hold (the demo artist's). */
  persona: 'small' | 'mid' | 'large';
  now: () => Date;
};

/** The sample files of the demo persona, served by the platform sandbox under /sandbox/statements. */
export function listImportSamples(options: SampleStatementsOptions): ImportSamplesResponse {
  const files = generateSampleStatements(options.persona, { now: options.now() });
  return {
    samples: files.map((file) => ({
      fileName: file.fileName,
      format: file.format,
      source: file.source,
      url: `/sandbox/statements/${options.persona}/${encodeURIComponent(file.fileName)}`,
    })),
  };
}
