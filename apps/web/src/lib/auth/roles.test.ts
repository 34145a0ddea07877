import { describe, expect, it } from 'vitest';
import { buildMe } from '@/testing/factories';
import {
  createAccessChecks,
  isRoleAllowed,
  parseList,
  resolvePermissions,
  resolveRoles,
  resolveTier,
} from './roles';

describe('parseList', () => {
  it('splits comma strings and trims', () => {
    expect(parseList(' admin, customer ,,lead ')).toEqual(['admin', 'customer', 'lead']);
    expect(parseList([' a ', 'b'])).toEqual(['a', 'b']);
    expect(parseList(null)).toEqual([]);
  });
});

describe('role, permission and tier precedence', () => {
  const backend = buildMe('lead', {
    roles: ['lead'],
    permissions: ['waitlist:read'],
    tier: 'free',
  });

  it('takes identity metadata first', () => {
    expect(resolveRoles({ roles: 'admin, customer' }, backend)).toEqual(['admin', 'customer']);
    expect(resolvePermissions({ permissions: 'a,b' }, backend)).toEqual(['a', 'b']);
    expect(resolveTier({ tier: 'pro' }, backend)).toBe('pro');
  });

  it('falls back to backend roles, then role', () => {
    expect(resolveRoles({}, backend)).toEqual(['lead']);
    expect(resolveRoles({ roles: [] }, buildMe('customer', { roles: [] }))).toEqual(['customer']);
    expect(resolvePermissions({}, backend)).toEqual(['waitlist:read']);
    expect(resolveTier({}, backend)).toBe('free');
    expect(resolveRoles({}, null)).toEqual([]);
  });

  it('offers hasRole, hasAnyRole, hasPermission, hasAnyPermission', () => {
    const checks = createAccessChecks(['lead'], ['billing:read']);
    expect(checks.hasRole('lead')).toBe(true);
    expect(checks.hasRole('admin')).toBe(false);
    expect(checks.hasAnyRole(['admin', 'lead'])).toBe(true);
    expect(checks.hasAnyRole(['admin'])).toBe(false);
    expect(checks.hasPermission('billing:read')).toBe(true);
    expect(checks.hasAnyPermission(['x', 'billing:read'])).toBe(true);
    expect(checks.hasAnyPermission(['x'])).toBe(false);
  });
});

describe('isRoleAllowed', () => {
  it('lets any signed-in user in for an empty list (documented reading)', () => {
    expect(isRoleAllowed([], [])).toBe(true);
    expect(isRoleAllowed(['lead'], [])).toBe(true);
  });
  it('needs one of the allowed roles otherwise', () => {
    expect(isRoleAllowed(['lead'], ['customer', 'admin'])).toBe(false);
    expect(isRoleAllowed(['admin'], ['customer', 'admin'])).toBe(true);
  });
});
