import { splitList, type IdentityMetadata } from '../lib/roles';

/**
 * Reads roles, permissions and tier from a token's public-metadata claim. Clerk puts public
 * metadata into session tokens through a session-token template, conventionally under `metadata`
 * (`{"metadata": "{{user.public_metadata}}"}`); `public_metadata` is accepted too.
 */
export function readMetadataClaims(payload: Record<string, unknown>): IdentityMetadata {
  const source = [payload.metadata, payload.public_metadata, payload.publicMetadata].find(
    (value): value is Record<string, unknown> => typeof value === 'object' && value !== null,
  );
  if (!source) return { roles: [], permissions: [], tier: null };
  const roles = splitList(source.roles ?? source.role);
  const permissions = splitList(source.permissions);
  const tier = typeof source.tier === 'string' && source.tier.trim() ? source.tier.trim() : null;
  return { roles, permissions, tier };
}
