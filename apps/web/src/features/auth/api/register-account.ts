import type { CompleteRegistrationResponse } from '@crescendo/contracts';
import { completeRegistration, registerUser } from '@/lib/auth/auth-api';

/** After sign-up at the identity provider: register the backend user, then run the waitlist check. */
export async function registerAccount(identityUser: {
  id: string;
  email: string;
  name: string;
}): Promise<CompleteRegistrationResponse> {
  await registerUser({ email: identityUser.email, clerk_user_id: identityUser.id });
  return completeRegistration(identityUser.name ? { name: identityUser.name } : {});
}
