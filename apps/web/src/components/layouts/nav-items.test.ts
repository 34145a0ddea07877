import { describe, expect, it } from 'vitest';
import { findNavItem, getNavSectionsForRoles } from './nav-items';

const labels = (roles: string[]) =>
  getNavSectionsForRoles(roles).flatMap((section) => section.items.map((item) => item.label));

describe('navigation by role', () => {
  it('shows analytics and settings to customers, not the waitlist', () => {
    expect(labels(['customer'])).toEqual(
      expect.arrayContaining(['Dashboard', 'YouTube', 'Meta', 'Artist profile', 'Billing']),
    );
    expect(labels(['customer'])).not.toContain('Waitlist');
  });
  it('shows leads the waitlist, pricing, connections and their account only', () => {
    expect(labels(['lead'])).toEqual(['Waitlist', 'Connections', 'Account', 'Plans & pricing']);
  });
  it('shows admins everything', () => {
    expect(labels(['admin'])).toEqual(expect.arrayContaining(['Dashboard', 'Waitlist', 'Usage']));
  });
  it('search finds the first matching page the role can open', () => {
    expect(findNavItem('tube', ['customer'])?.to).toBe('/youtube');
    expect(findNavItem('audience', ['lead'])).toBeUndefined();
    expect(findNavItem('  ', ['admin'])).toBeUndefined();
    // Billing is managed on the usage page; /settings/billing shows the dashboard (spec §2).
    expect(findNavItem('billing', ['customer'])?.to).toBe('/settings/usage#billing');
  });
});
