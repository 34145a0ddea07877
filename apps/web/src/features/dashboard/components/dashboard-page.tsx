import { Clock, Eye, Heart, UserPlus, UserRound, MonitorPlay } from 'lucide-react';
import { Suspense } from 'react';
import { Link } from 'react-router';
import { useRegisterExport } from '@/components/layouts/export-context';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-context';
import { dashboardProfileQueryOptions } from '../api/get-dashboard-profile';
import { useSuspenseQuery } from '@tanstack/react-query';
import { KpiCard } from './kpi-card';

function DashboardContent() {
  const { user } = useAuth();
  const { data: profile } = useSuspenseQuery(dashboardProfileQueryOptions());
  const name = profile?.artistName ?? user?.name ?? 'there';
  useRegisterExport({
    fileName: 'crescendo-dashboard.json',
    data: {
      exportedAt: new Date().toISOString(),
      artist: profile
        ? { name: profile.artistName, genres: profile.genres, country: profile.country }
        : null,
      metrics: null,
      note: 'Connect YouTube or Meta to include audience and content metrics.',
    },
  });
  return (
    <>
      <PageHeader
        title={`Welcome back, ${name}`}
        description="Your audience, content and return on every release — in one place."
      />
      {!profile ? (
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
      ) : null}
      <section
        aria-label="Key metrics"
        className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4"
      >
        <KpiCard icon={Eye} label="Views (28 days)" hint="Connect YouTube to see views." />
        <KpiCard icon={Clock} label="Watch time" hint="Connect YouTube to see watch time." />
        <KpiCard
          icon={UserPlus}
          label="New followers"
          hint="Connect Meta to see follower growth."
        />
        <KpiCard
          icon={Heart}
          label="Engagement rate"
          hint="Connect a platform to see engagement."
        />
      </section>
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>Audience growth</CardTitle>
            <CardDescription>Followers and subscribers across your platforms.</CardDescription>
          </CardHeader>
          <CardContent>
            <EmptyState
              icon={MonitorPlay}
              title="No audience data yet"
              description="Connect YouTube to see your subscriber growth, top cities and the songs that bring new fans in."
              action={
                <Button asChild variant="secondary">
                  <Link to={paths.settingsConnections}>Connect a platform</Link>
                </Button>
              }
            />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Your artist profile</CardTitle>
            <CardDescription>What your insights are tuned to.</CardDescription>
          </CardHeader>
          <CardContent>
            {profile ? (
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
                <Button asChild variant="secondary" size="sm" className="mt-2 self-start">
                  <Link to={paths.settingsProfile}>Edit profile</Link>
                </Button>
              </dl>
            ) : (
              <p className="text-sm text-zinc-600 dark:text-zinc-400">No profile yet.</p>
            )}
          </CardContent>
        </Card>
      </div>
    </>
  );
}

export function DashboardPage() {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <DashboardContent />
    </Suspense>
  );
}
