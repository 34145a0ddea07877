import { lazy, Suspense } from 'react';
import { GuardSpinner } from '@/lib/auth/guards';

const SignedInLanding = lazy(() =>
  import('./signed-in-landing').then((module) => ({ default: module.SignedInLanding })),
);

/**
 * Where /login and /register send a visitor who is already signed in. Loaded only then: the
 * landing reads the profile through the API client, and importing it up front put the whole
 * signed-in chunk into the sign-in page's first load (decision 0006's /login budget).
 */
export function LazySignedInLanding({ to }: { to: string }) {
  return (
    <Suspense fallback={<GuardSpinner />}>
      <SignedInLanding to={to} />
    </Suspense>
  );
}
