import type { ImportFormat, ImportSamplesResponse, ImportSource } from '@crescendo/contracts';
import * as platformSandbox from '@crescendo/platform-sandbox';

export type SampleStatementsOptions = {
  /** The demo persona whose songs the samples hold (the demo artist's). */
  persona: 'small' | 'mid' | 'large';
  now: () => Date;
};

type SampleFile = { fileName: string; format: ImportFormat; source: ImportSource };
type GenerateSampleStatements = (
  persona: SampleStatementsOptions['persona'],
  options: { now: Date },
) => SampleFile[];

// TRANSITIONAL: the statements generator lands with branch imports-parsers; replace with a named
// import then.
const generateSampleStatements = (
  platformSandbox as unknown as { generateSampleStatements?: GenerateSampleStatements }
).generateSampleStatements;

/** The sample files of the demo persona, served by the platform sandbox under /sandbox/statements. */
export function listImportSamples(options: SampleStatementsOptions): ImportSamplesResponse {
  const files = generateSampleStatements?.(options.persona, { now: options.now() }) ?? [];
  return {
    samples: files.map((file) => ({
      fileName: file.fileName,
      format: file.format,
      source: file.source,
      url: `/sandbox/statements/${options.persona}/${encodeURIComponent(file.fileName)}`,
    })),
  };
}
