import { roles as knownRoles, type Role } from '@crescendo/contracts';

/** Splits a comma-separated string (or passes an array through), trimming and dropping blanks. */
export function splitList(value: unknown): string[] {
  if (Array.isArray(value)) {
    return value.flatMap((item) => (typeof item === 'string' ? splitList(item) : []));
  }
  if (typeof value !== 'string') return [];
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

const rolePriority: Role[] = ['admin', 'customer', 'lead'];

export function toRoles(values: string[]): Role[] {
  const unique = new Set(
    values.filter((value): value is Role => (knownRoles as readonly string[]).includes(value)),
  );
  return rolePriority.filter((role) => unique.has(role));
}

export type IdentityMetadata = { roles: string[]; permissions: string[]; tier: string | null };

export type EffectiveAccess = {
  role: Role;
  roles: Role[];
  permissions: string[];
  tier: string | null;
};

/**
 * Identity-provider metadata wins; the backend's values are the fallback (spec §5).
 * The primary role is the most privileged one held. `backend.tier` is the tier in force now;
 * `publishedTier` is the one the backend last wrote to the provider's metadata: metadata that
 * still holds it is the backend's own stale copy (a grace period ran out since), not a choice
 * made in the provider, so the tier in force wins over it.
 */
export function resolveAccess(
  metadata: IdentityMetadata,
  backend: {
    role: Role;
    permissions: string[];
    tier: string | null;
    publishedTier?: string | null;
  },
): EffectiveAccess {
  const metadataRoles = toRoles(metadata.roles);
  const roles = metadataRoles.length > 0 ? metadataRoles : [backend.role];
  const permissions =
    metadata.permissions.length > 0 ? [...new Set(metadata.permissions)] : backend.permissions;
  const isOwnStaleCopy =
    backend.publishedTier !== undefined && metadata.tier === backend.publishedTier;
  const tier = (isOwnStaleCopy ? null : metadata.tier) ?? backend.tier;
  return { role: roles[0]!, roles, permissions, tier };
}
