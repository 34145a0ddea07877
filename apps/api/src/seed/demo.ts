import type { Role } from '@crescendo/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { authUser } from '../db/schema';
import type { EmbeddedAuth } from '../identity/embedded';
import type { Identity } from '../identity/types';
import { ensureEntry } from '../modules/waitlist/waitlist.repository';
import { insertProfile } from '../modules/profile/profile.repository';
import {
  findUserByIdentity,
  insertUserWithOrganization,
  updateUserRole,
} from '../modules/users/users.repository';

export const demoPassword = 'crescendo-demo';

export const demoAccounts: { email: string; name: string; role: Role; description: string }[] = [
  { email: 'admin@example.com', name: 'Avery Admin', role: 'admin', description: 'admin' },
  {
    email: 'artist@example.com',
    name: 'Nova Lane',
    role: 'customer',
    description: 'artist (customer)',
  },
  {
    email: 'lead@example.com',
    name: 'Leo Pending',
    role: 'lead',
    description: 'lead, waitlist pending',
  },
];

/** Creates the demo accounts once; later starts find them and change nothing. */
export async function seedDemoAccounts(
  db: Database,
  auth: EmbeddedAuth,
  issuer: string,
): Promise<void> {
  for (const account of demoAccounts) {
    let [identityUser] = await db
      .select({ id: authUser.id })
      .from(authUser)
      .where(eq(authUser.email, account.email));
    if (!identityUser) {
      const result = await auth.api.signUpEmail({
        body: { email: account.email, password: demoPassword, name: account.name },
      });
      identityUser = { id: result.user.id };
    }
    const identity: Identity = {
      provider: 'embedded',
      issuer,
      subject: identityUser.id,
      email: account.email,
      name: account.name,
      sessionId: null,
      expiresAt: new Date(),
      metadata: { roles: [], permissions: [], tier: null },
    };
    let found = await findUserByIdentity(db, issuer, identity.subject, null);
    if (found) continue;
    await insertUserWithOrganization(db, {
      issuer,
      subject: identity.subject,
      identityProvider: 'embedded',
      email: account.email,
      name: account.name,
      role: account.role,
      organizationName: account.role === 'customer' ? 'Nova Lane Music' : `${account.name}'s team`,
    });
    found = (await findUserByIdentity(db, issuer, identity.subject, null))!;
    await updateUserRole(db, found.user.id, account.role);
    await ensureEntry(db, {
      email: account.email,
      name: account.name,
      userId: found.user.id,
      status: account.role === 'lead' ? 'pending' : 'approved',
    });
    if (account.role === 'customer') {
      await insertProfile(db, found.user.organization.id, {
        artistName: 'Nova Lane',
        bio: 'Dream-pop songwriter from Manchester. Two EPs out, debut album in 2027.',
        genres: ['dream pop', 'indie'],
        country: 'GB',
        city: 'Manchester',
        careerStage: 'developing',
        goals: ['Reach 100k YouTube subscribers', 'Sell out a 500-cap headline show'],
        timezone: 'Europe/London',
        avatarUrl: null,
        links: {
          website: 'https://novalane.example.com',
          spotify: 'https://open.spotify.com/artist/novalane',
          youtube: 'https://www.youtube.com/@novalane',
        },
      });
    }
  }
}
