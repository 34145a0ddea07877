export { platformSandbox } from './plugin';
export {
  createSandboxApp,
  startSandboxServer,
  type CreateSandboxAppOptions,
  type RunningSandbox,
  type StartSandboxServerOptions,
} from './server';
export {
  DEFAULT_GOOGLE_CLIENT,
  DEFAULT_META_APP,
  type GoogleClientCredentials,
  type MetaAppCredentials,
  type PlatformSandboxOptions,
} from './options';
export { PERSONAS, PERSONA_IDS, type PersonaId } from './personas/definitions';
export {
  GOOGLE_SCOPES,
  META_PERMISSIONS,
  staticGoogleToken,
  staticMetaPageToken,
  staticMetaToken,
  type TokenPersistence,
} from './oauth/token-store';
export type { FaultApi, FaultSpec } from './faults';
export {
  buildSampleCatalogue,
  describeSampleStatements,
  generateLargeDistroKidStatement,
  generateSampleStatements,
  type SampleFileModel,
  type SampleFormat,
  type SampleSong,
  type SampleSource,
  type SampleStatement,
  type SampleStatementFile,
  type SampleStatementOptions,
} from './statements/index';
