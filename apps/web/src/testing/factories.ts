import type { MeResponse, Role } from '@crescendo/contracts';

export function buildMe(role: Role = 'customer', overrides: Partial<MeResponse> = {}): MeResponse {
  return {
    user: { id: 'user-1', email: 'artist@example.com', name: 'Nova Lane' },
    role,
    roles: [role],
    permissions: [],
    tier: null,
    organization: { id: 'org-1', name: 'Nova Lane Music', role: 'owner' },
    ...overrides,
  };
}
