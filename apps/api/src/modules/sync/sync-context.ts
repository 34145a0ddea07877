import type { Database } from '../../db/client';
import type { ConnectionRow } from '../connections';
import type { PlatformServices } from '../providers';

export type SyncContext = {
  db: Database;
  services: PlatformServices;
  connection: ConnectionRow;
  signal: AbortSignal;
  /** Stores progress for the connections screen; `percent` is of the whole sync. */
  reportProgress(step: string, percent: number): Promise<void>;
};

export type SyncResult = { dataCompleteThrough: string | null };

/** Requests one sync keeps in flight to a platform at once. */
export const requestConcurrency = 6;
