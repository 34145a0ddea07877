import type { ArtistProfile } from '@crescendo/contracts';
import { UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useOrganizationAccess } from '@/lib/organizations/use-organization-access';

export function ArtistProfileCard({ profile }: { profile: ArtistProfile | null }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your artist profile</CardTitle>
        <CardDescription>What your insights are tuned to.</CardDescription>
      </CardHeader>
      <CardContent>
        {profile ? (
          <>
            <dl className="flex flex-col gap-3 text-sm">
              <div>
                <dt className="text-zinc-600 dark:text-zinc-400">Artist</dt>
                <dd className="font-medium">{profile.artistName}</dd>
              </div>
              <div>
                <dt className="text-zinc-600 dark:text-zinc-400">Genres</dt>
                <dd className="font-medium">
                  {profile.genres.length ? profile.genres.join(', ') : '—'}
                </dd>
              </div>
              <div>
                <dt className="text-zinc-600 dark:text-zinc-400">Based in</dt>
                <dd className="font-medium">
                  {[profile.city, profile.country].filter(Boolean).join(', ') || '—'}
                </dd>
              </div>
              <div>
                <dt className="text-zinc-600 dark:text-zinc-400">Career stage</dt>
                <dd className="font-medium capitalize">{profile.careerStage ?? '—'}</dd>
              </div>
            </dl>
            <Button asChild variant="secondary" size="sm" className="mt-5">
              <Link to={paths.settingsProfile}>Edit profile</Link>
            </Button>
          </>
        ) : (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">No profile yet.</p>
        )}
      </CardContent>
    </Card>
  );
}

export function FinishProfilePrompt() {
  // Viewers cannot set it up; the profile card already says there is none yet.
  const { canEdit } = useOrganizationAccess();
  if (!canEdit) return null;
  return (
    <Card className="mb-6 border-brand-200 bg-brand-50/60 dark:border-brand-900 dark:bg-brand-950/30">
      <CardContent className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-start gap-3">
          <UserRound
            className="mt-0.5 h-5 w-5 text-brand-700 dark:text-brand-300"
            aria-hidden="true"
          />
          <div>
            <h2 className="font-semibold">Finish your artist profile</h2>
            <p className="text-sm text-zinc-700 dark:text-zinc-300">
              Tell us your genres and goals so your insights speak your language.
            </p>
          </div>
        </div>
        <Button asChild>
          <Link to={paths.onboardingProfile}>Set up profile</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
