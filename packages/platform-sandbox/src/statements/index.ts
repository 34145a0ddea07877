import { dayOf } from '../dates';
import type { PersonaId } from '../personas/definitions';
import { SandboxWorld, type Persona } from '../personas/world';
import {
  writeAwalFile,
  writeCdBabyFile,
  writeDistroKidFiles,
  writeTuneCoreFile,
} from './distributor-files';
import { buildSampleModel } from './model';
import { writeBandcampFile, writeSpotifyFiles } from './store-and-spotify-files';
import type { SampleFormat, SampleSource, SampleStatementFile } from './types';

export type { SampleFileModel, SampleFormat, SampleSource, SampleStatementFile } from './types';
export type { SampleSong } from './catalogue';
export { buildSampleCatalogue } from './catalogue';
export { generateLargeDistroKidStatement } from './large-statement';

export type SampleStatement = {
  fileName: string;
  format: SampleFormat;
  source: SampleSource;
  bytes: Buffer;
};

export type SampleStatementOptions = {
  /** The sandbox clock's "now": statements cover the months before it. */
  now: Date | string | number;
  /** Sale months covered (default 12); distributors report 2–3 months behind. */
  months?: number;
  /** The sandbox seed (default 42, the sandbox's own default). */
  seed?: number;
};

/** Every sample file of one persona, with the model each was written from (for tests). */
export function describeSampleStatementsOf(
  persona: Persona,
  nowDay: number,
  months = 12,
): SampleStatementFile[] {
  const model = buildSampleModel(persona, nowDay, months);
  const slug = persona.definition.handle;
  return [
    ...writeSpotifyFiles(model),
    ...writeDistroKidFiles(model, slug),
    ...writeTuneCoreFile(model, slug),
    ...writeCdBabyFile(model, slug),
    ...writeAwalFile(model, slug),
    ...writeBandcampFile(model, slug),
  ];
}

export function describeSampleStatements(
  personaId: PersonaId,
  options: SampleStatementOptions,
): SampleStatementFile[] {
  const nowDay = dayOf(new Date(options.now).getTime());
  const world = new SandboxWorld(options.seed ?? 42, nowDay);
  return describeSampleStatementsOf(world.persona(personaId), nowDay, options.months);
}

/**
 * Sample statements for a persona in every supported format, deterministic for a seed and day:
 * the persona's songs (from its official videos), the last `months` months, with the quirks of
 * real files.
 */
export function generateSampleStatements(
  personaId: PersonaId,
  options: SampleStatementOptions,
): SampleStatement[] {
  return describeSampleStatements(personaId, options).map(
    ({ fileName, format, source, bytes }) => ({
      fileName,
      format,
      source,
      bytes,
    }),
  );
}
