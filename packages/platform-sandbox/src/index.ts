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
  DEFAULT_TIKTOK_CLIENT,
  type GoogleClientCredentials,
  type MetaAppCredentials,
  type TikTokClientCredentials,
  type PlatformSandboxOptions,
} from './options';
export { PERSONAS, PERSONA_IDS, type PersonaId } from './personas/definitions';
export {
  GOOGLE_SCOPES,
  META_PERMISSIONS,
  TIKTOK_SCOPES,
  staticGoogleToken,
  staticMetaPageToken,
  staticMetaToken,
  staticTikTokToken,
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
