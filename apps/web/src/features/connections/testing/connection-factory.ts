import type { Connection } from '@crescendo/contracts';

/** A connection as the API lists it; healthy and synced unless overridden. */
export function buildConnection(overrides: Partial<Connection> = {}): Connection {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    provider: 'youtube',
    accountName: 'Juniper Vale',
    status: 'connected',
    sandbox: false,
    lastSyncedAt: '2025-03-10T09:00:00.000Z',
    sync: { step: null, percent: 100, error: null },
    dataCompleteThrough: '2025-03-07',
    accounts: [
      {
        id: '22222222-2222-4222-8222-222222222222',
        platform: 'youtube',
        name: 'Juniper Vale',
        handle: '@junipervale',
      },
    ],
    ...overrides,
  };
}
