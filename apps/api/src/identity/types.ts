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
};

export type TokenVerifier = {
  provider: Identity['provider'];
  /** Resolves the identity or throws AppError('UNAUTHENTICATED'). */
  verify(token: string): Promise<Identity>;
};
