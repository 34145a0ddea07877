import type { OrganizationRole } from '@crescendo/contracts';
import { use } from 'react';
import { AuthContext } from '@/lib/auth/auth-context';

export const viewerReadOnlyReason =
  'You are a viewer of this artist: you can see everything but change nothing. Ask an owner for manager access.';
export const ownerOnlyReason = 'Only an owner of this artist can do this.';

export type OrganizationAccess = {
  role: OrganizationRole | null;
  /** Managers and owners edit the artist's data. */
  canEdit: boolean;
  /** Owners handle billing and members. */
  canManage: boolean;
  /** Why editing is off, for a disabled control's hint; null when it is on. */
  readOnlyReason: string | null;
};

/** The caller's role in the active organisation, as the server resolved it. */
export function useOrganizationAccess(): OrganizationAccess {
  // Read softly: parts rendered outside the signed-in app (and their tests) know no role.
  const backendUser = use(AuthContext)?.backendUser ?? null;
  const role = backendUser?.organization.role ?? null;
  // Until the backend user loads, nothing is known: controls stay as they were.
  const canEdit = role === null || role !== 'viewer';
  return {
    role,
    canEdit,
    canManage: role === null || role === 'owner',
    readOnlyReason: canEdit ? null : viewerReadOnlyReason,
  };
}
