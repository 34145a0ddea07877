import { createContext, useContext } from 'react';
import type { IdentityAdapter } from './types';

export const IdentityAdapterContext = createContext<IdentityAdapter | null>(null);

export function useIdentityAdapter(): IdentityAdapter {
  const adapter = useContext(IdentityAdapterContext);
  if (!adapter) throw new Error('useIdentityAdapter must be used inside IdentityAdapterContext');
  return adapter;
}
