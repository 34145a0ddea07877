import { describe, expect, it } from 'vitest';
import { resolveAccess, splitList, toRoles } from './roles';

describe('splitList', () => {
  it('splits comma-separated strings and trims each item', () => {
    expect(splitList(' customer, admin ,,lead ')).toEqual(['customer', 'admin', 'lead']);
  });
  it('accepts arrays, including arrays of comma strings', () => {
    expect(splitList(['a', 'b, c'])).toEqual(['a', 'b', 'c']);
  });
  it('ignores anything else', () => {
    expect(splitList(42)).toEqual([]);
    expect(splitList(undefined)).toEqual([]);
  });
});

describe('resolveAccess', () => {
  const backend = { role: 'lead' as const, permissions: ['read:own'], tier: 'free' };

  it('prefers identity-provider metadata over backend values', () => {
    const access = resolveAccess(
      { roles: ['customer'], permissions: ['export:csv'], tier: 'pro' },
      backend,
    );
    expect(access).toEqual({
      role: 'customer',
      roles: ['customer'],
      permissions: ['export:csv'],
      tier: 'pro',
    });
  });

  it('falls back to the backend role, permissions and tier when metadata is empty', () => {
    expect(resolveAccess({ roles: [], permissions: [], tier: null }, backend)).toEqual({
      role: 'lead',
      roles: ['lead'],
      permissions: ['read:own'],
      tier: 'free',
    });
  });

  it("takes the tier in force over metadata that only holds the backend's own stale copy", () => {
    const lapsed = { ...backend, tier: null, publishedTier: 'pro' };
    // Metadata still says what the backend published before the grace period ran out.
    expect(resolveAccess({ roles: [], permissions: [], tier: 'pro' }, lapsed).tier).toBeNull();
    // A tier set in the provider by someone else still wins.
    expect(resolveAccess({ roles: [], permissions: [], tier: 'team' }, lapsed).tier).toBe('team');
  });

  it('ignores unknown role names and picks the most privileged role as primary', () => {
    expect(toRoles(['editor', 'customer', 'admin'])).toEqual(['admin', 'customer']);
    expect(resolveAccess({ roles: ['editor'], permissions: [], tier: null }, backend).role).toBe(
      'lead',
    );
  });
});
