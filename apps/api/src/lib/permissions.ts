import type { OrganizationRole, Role } from '@crescendo/contracts';
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

/** Who may create, list and revoke an organisation's share links: its owners and managers. */
export function canManageShareLinks(organization: { role: OrganizationRole }): boolean {
  return hasOrganizationRole(organization.role, 'manager');
}

/**
 * Who may import files (statements, Spotify exports), delete an import and link songs to platform
 * items: the organisation's owners and managers. Any member may read them.
 */
export function canManageImports(organization: { role: OrganizationRole }): boolean {
  return hasOrganizationRole(organization.role, 'manager');
}

const organizationRoleRank: Record<OrganizationRole, number> = { viewer: 0, manager: 1, owner: 2 };

/**
 * Organisation roles (beside the product roles above): a mutating route needs `manager` unless it
 * declares otherwise; billing and member routes need `owner`; any member may read.
 */
export const organizationRouteRoles = {
  read: 'viewer',
  write: 'manager',
  billing: 'owner',
  members: 'owner',
  /** Who did what, from which address: owners only. */
  auditLog: 'owner',
  /** Deleting the organisation and all its data. */
  deleteOrganization: 'owner',
  /** Routes that act on the caller themself, not on the active organisation's data. */
  self: 'viewer',
  /**
   * The assistant (chat and MCP): every tool only reads the organisation's numbers, and a
   * conversation is the asker's own, so a read-only member may ask. A tool that writes
   * organisation data must not be added to it without its own `manager` check.
   */
  assistant: 'viewer',
} as const satisfies Record<string, OrganizationRole>;

export function hasOrganizationRole(held: OrganizationRole, needed: OrganizationRole): boolean {
  return organizationRoleRank[held] >= organizationRoleRank[needed];
}

export function describeOrganizationRoleNeed(needed: OrganizationRole): string {
  if (needed === 'owner') return 'Only an owner of this artist can do this.';
  return 'Viewers can look but not change anything here. Ask an owner for manager access.';
}
