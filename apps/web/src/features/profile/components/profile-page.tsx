import { useNavigate } from 'react-router';
import { AsyncErrorView } from '@/components/errors/async-error';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-context';
import { showToast } from '@/lib/toast';
import { useProfile } from '../api/get-profile';
import { ProfileForm } from './profile-form';

/** The artist-profile form: onboarding mode creates and moves on; settings mode edits in place. */
export function ProfilePage({ mode }: { mode: 'onboarding' | 'settings' }) {
  const navigate = useNavigate();
  const profile = useProfile();
  const { user } = useAuth();
  const isOnboarding = mode === 'onboarding';

  return (
    <>
      <PageHeader
        title={isOnboarding ? 'Set up your artist profile' : 'Artist profile'}
        description={
          isOnboarding
            ? 'Step 1 of 2 — tell us about your music. You can change all of this later.'
            : 'Keep your details current so your insights stay relevant.'
        }
      />
      {profile.isPending ? (
        <LoadingScreen />
      ) : profile.isError ? (
        <AsyncErrorView error={profile.error} onRetry={() => void profile.refetch()} />
      ) : (
        <ProfileForm
          key={profile.data?.updatedAt ?? 'new'}
          profile={profile.data}
          defaultArtistName={user?.name ?? ''}
          submitLabel={isOnboarding ? 'Save and continue' : 'Save changes'}
          isOnboarding={isOnboarding}
          onSaved={(saved) => {
            showToast({
              title: isOnboarding ? 'Profile complete' : 'Profile saved',
              description: isOnboarding
                ? `Nice to meet you, ${saved.artistName}. Next: connect your platforms.`
                : 'Your artist profile is up to date.',
              type: isOnboarding ? 'celebration' : 'success',
            });
            if (isOnboarding) void navigate(paths.onboardingConnections);
          }}
        />
      )}
    </>
  );
}
