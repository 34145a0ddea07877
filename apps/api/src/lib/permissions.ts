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
