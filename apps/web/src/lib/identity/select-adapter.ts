import type { RuntimeConfig } from '@/config/env';
import type { IdentityAdapter, IdentityProviderKind } from './types';

/** Clerk only when configured for it *and* a publishable key is present; otherwise embedded. */
export function chooseIdentityProvider(
  config: Pick<RuntimeConfig, 'identityProvider' | 'clerkPublishableKey'>,
): IdentityProviderKind {
  return config.identityProvider === 'clerk' && Boolean(config.clerkPublishableKey?.trim())
    ? 'clerk'
    : 'embedded';
}

/** Loads only the chosen adapter, so Clerk's SDK never ships to embedded deployments' first paint. */
export async function loadIdentityAdapter(
  config: Pick<RuntimeConfig, 'identityProvider' | 'clerkPublishableKey'>,
): Promise<IdentityAdapter> {
  if (chooseIdentityProvider(config) === 'clerk') {
    const { createClerkAdapter } = await import('./clerk-adapter');
    return createClerkAdapter(config.clerkPublishableKey ?? '');
  }
  const { createEmbeddedAdapter } = await import('./embedded-adapter');
  return createEmbeddedAdapter();
}
