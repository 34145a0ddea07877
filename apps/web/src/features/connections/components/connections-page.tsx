import { BarChart3, Camera, Link2, MonitorPlay, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { showToast } from '@/lib/toast';

type Platform = { id: string; name: string; icon: LucideIcon; unlocks: string };

const platforms: Platform[] = [
  {
    id: 'youtube',
    name: 'YouTube',
    icon: MonitorPlay,
    unlocks: 'Views, watch time, subscribers and top videos.',
  },
  {
    id: 'meta',
    name: 'Instagram & Facebook',
    icon: Camera,
    unlocks: 'Reach, saves, shares and follower growth.',
  },
  {
    id: 'google',
    name: 'Google Analytics',
    icon: BarChart3,
    unlocks: 'Traffic to your website and link-in-bio.',
  },
];

/** Connections screen; in onboarding mode it is step 2 and offers a way on to the dashboard. */
export function ConnectionsPage({ mode }: { mode: 'onboarding' | 'settings' }) {
  const isOnboarding = mode === 'onboarding';
  const onConnect = (platform: Platform) =>
    showToast({
      title: `${platform.name} connections open soon`,
      description:
        'We’re finishing the secure connection flow. We’ll let you know the moment it’s live.',
      type: 'insight',
    });
  return (
    <>
      <PageHeader
        title={isOnboarding ? 'Connect your platforms' : 'Connections'}
        description={
          isOnboarding
            ? 'Step 2 of 2 — link the places your fans find you. You can do this any time.'
            : 'Manage the platforms Crescendo reads your stats from.'
        }
        actions={
          isOnboarding ? (
            <Button asChild variant="secondary">
              <Link to={paths.dashboard}>Skip for now</Link>
            </Button>
          ) : null
        }
      />
      <ul className="grid grid-cols-1 gap-4 md:grid-cols-3">
        {platforms.map((platform) => (
          <li key={platform.id}>
            <Card className="flex h-full flex-col gap-4 p-5">
              <div className="flex items-center justify-between">
                <platform.icon
                  className="h-7 w-7 text-brand-700 dark:text-brand-300"
                  aria-hidden="true"
                />
                <Badge>Not connected</Badge>
              </div>
              <div>
                <h2 className="font-semibold">{platform.name}</h2>
                <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{platform.unlocks}</p>
              </div>
              <Button variant="secondary" className="mt-auto" onClick={() => onConnect(platform)}>
                <Link2 className="h-4 w-4" aria-hidden="true" /> Connect {platform.name}
              </Button>
            </Card>
          </li>
        ))}
      </ul>
      {isOnboarding ? (
        <div className="mt-8 flex justify-end">
          <Button asChild size="lg">
            <Link to={paths.dashboard}>Go to my dashboard</Link>
          </Button>
        </div>
      ) : null}
    </>
  );
}
