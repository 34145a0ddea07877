// The imports module's public surface: the artist's own files (Spotify for Artists exports,
// distributor statements) read through the durable queue, and the one catalogue they build.
export { catalogueRoutes } from './catalogue.routes';
export {
  createImportHandlers,
  type ImportFinishedEvent,
  enqueueImportJob,
  importQueue,
  processImport,
  type ImportJobOptions,
} from './import-job';
export type { SampleStatementsOptions } from './import-samples';
export { importsRoutes } from './imports.routes';
export { hasAnyImport } from './imports.repository';
export { receiveImport, type Importer, type UploadedFile } from './imports.service';
