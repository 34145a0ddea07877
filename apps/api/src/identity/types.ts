import type { IdentityMetadata } from '../lib/roles';

/** Who a verified token says the caller is. */
export type Identity = {
  provider: 'embedded' | 'clerk';
  issuer: string;
  subject: string;
  email: string | null;
  name: string | null;
  /** The provider's session id, when the token names one. */
  sessionId: string | null;
  expiresAt: Date;
  metadata: IdentityMetadata;
  /**
   * The active organisation the token itself vouches for (Clerk's organisation claims). Null for
   * embedded tokens: their active organisation is read from the session on every request.
   */
  organization: TokenOrganization | null;
};

/** An identity-provider organisation and the caller's role there, as a token states them. */
export type TokenOrganization = { id: string; role: string; slug: string | null };

export type TokenVerifier = {
  provider: Identity['provider'];
  /** Resolves the identity or throws AppError('UNAUTHENTICATED'). */
  verify(token: string): Promise<Identity>;
};
