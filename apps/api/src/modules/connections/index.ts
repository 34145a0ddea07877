// The connections module's public surface: OAuth connect/disconnect routes, the connection rows
// and their sealed tokens. The sync engine and the app wiring import connections only from here.
export { connectionsRoutes } from './connections.routes';
export {
  findConnection,
  listConnectionRows,
  listSyncableConnections,
  recordSyncedThrough,
  updateConnection,
  upsertConnection,
  type ConnectionRow,
  type EnqueueConnectionSync,
} from './connections.repository';
export { getAccessToken, sealTokens } from './tokens.service';
export { revokeGrantAtProvider } from './connections.service';
export { resealConnectionTokens } from './reseal-tokens';
export { createSandboxTokenPersistence } from './sandbox-token-persistence';
