import { describe, expect, it } from 'vitest';
import { chooseIdentityProvider } from './select-adapter';

describe('identity adapter selection', () => {
  it('uses Clerk only when configured with a publishable key', () => {
    expect(
      chooseIdentityProvider({ identityProvider: 'clerk', clerkPublishableKey: 'pk_test_123' }),
    ).toBe('clerk');
  });
  it('falls back to the embedded provider without a key', () => {
    expect(chooseIdentityProvider({ identityProvider: 'clerk', clerkPublishableKey: null })).toBe(
      'embedded',
    );
    expect(chooseIdentityProvider({ identityProvider: 'clerk', clerkPublishableKey: '  ' })).toBe(
      'embedded',
    );
  });
  it('defaults to embedded', () => {
    expect(
      chooseIdentityProvider({ identityProvider: 'embedded', clerkPublishableKey: 'pk_test_123' }),
    ).toBe('embedded');
  });
});
