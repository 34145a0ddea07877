import type { OrganizationRole, Role } from '@crescendo/contracts';
import type { EffectiveAccess } from './roles';

// The signed-in user as every layer sees it. It lives in lib/ because the auth plugin attaches it
// to each request and plugins import no module; the users module reads and writes it.
export type UserRecord = {
  id: string;
  issuer: string;
  subject: string;
  identityProvider: 'embedded' | 'clerk';
  email: string;
  name: string;
  role: Role;
  permissions: string[];
  /** The tier last written for this user (and, with Clerk, published to their metadata). */
  tier: string | null;
  createdAt: Date;
  /**
   * The subscriptions, as last stored, of every organisation the user belongs to (decision
   * 0021): the user's tier in force is computed from them.
   */
  subscriptions: {
    organizationId: string;
    status: string;
    planId: 'starter' | 'pro' | 'team' | null;
    graceEndsAt: Date | null;
    currentPeriodEnd: Date | null;
    cancelAtPeriodEnd: boolean;
  }[];
  /**
   * The active organisation (the identity provider's active organisation when the caller is still
   * a member of it, else their own) and the caller's role there, checked on every request.
   */
  organization: { id: string; name: string; role: OrganizationRole; createdAt: Date };
};

export type CurrentUser = UserRecord & { access: EffectiveAccess };
