import type { ImportSamplesResponse } from '@crescendo/contracts';
import { describeSampleStatements } from '@crescendo/platform-sandbox';

export type SampleStatementsOptions = {
  /** The demo persona whose songs the samples hold (the demo artist's). */
  persona: 'small' | 'mid' | 'large';
  /** The sandbox's clock: the files cover the months before it. */
  now: () => Date;
};

/** The demo persona's sample files, as the platform sandbox serves them under /sandbox/statements. */
export function listImportSamples(options: SampleStatementsOptions): ImportSamplesResponse {
  const files = describeSampleStatements(options.persona, { now: options.now() });
  return {
    samples: files.map((file) => ({
      fileName: file.fileName,
      format: file.format,
      source: file.source,
      url: `/sandbox/statements/${options.persona}/${encodeURIComponent(file.fileName)}`,
    })),
  };
}
