import type { Role } from '@crescendo/contracts';
import type { EffectiveAccess } from './roles';

/** Every authorization rule in one place (spec §6). */
export const routeRoles = {
  dashboard: ['customer', 'admin'],
  artistProfile: ['customer', 'admin'],
  platformConnections: ['customer', 'admin'],
  waitlistAdmin: ['admin'],
  userAdmin: ['admin'],
  billing: ['customer', 'lead', 'admin'],
} as const satisfies Record<string, readonly Role[]>;

export function hasAnyRole(access: EffectiveAccess, allowed: readonly Role[]): boolean {
  return access.roles.some((role) => allowed.includes(role));
}

export function canManageWaitlist(access: EffectiveAccess): boolean {
  return hasAnyRole(access, routeRoles.waitlistAdmin);
}

/**
 * Who may create, list and revoke an organisation's share links: its owner or a manager. Today's
 * 'member' may not. The one place to change when organisation roles change (issue 20).
 */
export function canManageShareLinks(organization: { role: string }): boolean {
  return organization.role === 'owner' || organization.role === 'manager';
}
