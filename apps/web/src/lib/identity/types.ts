import type { ComponentType, ReactNode } from 'react';

export type IdentityProviderKind = 'embedded' | 'clerk';

export type IdentityUser = {
  id: string;
  email: string;
  name: string;
  /** False while the embedded provider's address is unconfirmed; absent where the provider
   * confirms addresses itself (Clerk). */
  isEmailVerified?: boolean;
};

/** Public metadata as identity providers hand it out: arrays or comma-separated strings. */
export type IdentityMetadata = {
  roles?: string[] | string | null;
  permissions?: string[] | string | null;
  tier?: string | null;
};

export type IdentitySnapshot = {
  isLoaded: boolean;
  isSignedIn: boolean;
  user: IdentityUser | null;
  publicMetadata: IdentityMetadata;
  getToken: () => Promise<string | null>;
  signOut: () => Promise<void>;
  /**
   * Makes an identity-provider organisation the session's active one (the API scopes every call
   * to it); the next token is minted afresh.
   */
  setActiveOrganization: (identityOrganizationId: string) => Promise<void>;
};

/** `signUpHref`/`signInHref`: where the form's "other way in" link goes (default /register, /login). */
export type SignInProps = { redirectTo: string; signUpHref?: string };
export type SignUpProps = { afterSignUpPath: string; signInHref?: string };

/** One interface, two implementations: the embedded provider (default) and Clerk. */
export type IdentityAdapter = {
  kind: IdentityProviderKind;
  Provider: ComponentType<{ children: ReactNode }>;
  useIdentity: () => IdentitySnapshot;
  SignIn: ComponentType<SignInProps>;
  SignUp: ComponentType<SignUpProps>;
};
