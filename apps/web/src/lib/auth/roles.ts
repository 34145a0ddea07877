import type { MeResponse } from '@crescendo/contracts';
import type { IdentityMetadata } from '../identity/types';

/** Spec §5: roles or permissions given as a string are split on commas and trimmed. */
export function parseList(value: readonly string[] | string | null | undefined): string[] {
  if (value === null || value === undefined) return [];
  const items = typeof value === 'string' ? value.split(',') : value;
  return items.map((item) => String(item).trim()).filter((item) => item !== '');
}

type BackendAccess = Pick<MeResponse, 'role' | 'roles' | 'permissions' | 'tier'> | null;

/** Spec §5: identity-provider metadata first, then backend `roles`, then backend `role`. */
export function resolveRoles(metadata: IdentityMetadata, backend: BackendAccess): string[] {
  const fromMetadata = parseList(metadata.roles);
  if (fromMetadata.length > 0) return fromMetadata;
  if (!backend) return [];
  const fromBackend = parseList(backend.roles);
  if (fromBackend.length > 0) return fromBackend;
  return parseList(backend.role);
}

export function resolvePermissions(metadata: IdentityMetadata, backend: BackendAccess): string[] {
  const fromMetadata = parseList(metadata.permissions);
  if (fromMetadata.length > 0) return fromMetadata;
  return parseList(backend?.permissions ?? []);
}

export function resolveTier(metadata: IdentityMetadata, backend: BackendAccess): string | null {
  const fromMetadata = typeof metadata.tier === 'string' ? metadata.tier.trim() : '';
  if (fromMetadata) return fromMetadata;
  return backend?.tier ?? null;
}

export type AccessChecks = {
  hasRole: (role: string) => boolean;
  hasAnyRole: (roles: readonly string[]) => boolean;
  hasPermission: (permission: string) => boolean;
  hasAnyPermission: (permissions: readonly string[]) => boolean;
};

export function createAccessChecks(
  roles: readonly string[],
  permissions: readonly string[],
): AccessChecks {
  return {
    hasRole: (role) => roles.includes(role),
    hasAnyRole: (wanted) => wanted.some((role) => roles.includes(role)),
    hasPermission: (permission) => permissions.includes(permission),
    hasAnyPermission: (wanted) => wanted.some((permission) => permissions.includes(permission)),
  };
}

/**
 * Spec §2: an empty allowed-roles list. Two readings exist; we take "any signed-in user may enter"
 * (docs/decisions/0009-web-empty-roles.md). Kept as a named function so the reading is testable.
 */
export function isRoleAllowed(
  userRoles: readonly string[],
  allowedRoles: readonly string[],
): boolean {
  if (allowedRoles.length === 0) return true;
  return allowedRoles.some((role) => userRoles.includes(role));
}
