import { connectionProviders } from '@crescendo/contracts';
import { BarChart3, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { AsyncErrorView } from '@/components/errors/async-error';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { getErrorStatus } from '@/lib/api-error';
import { useAuth } from '@/lib/auth/auth-context';
import { useConnections } from '@/lib/analytics/connections-query';
import { useConnectResult } from '../hooks/use-connect-result';
import { useNow } from '../hooks/use-now';
import { useSyncCompletion } from '../hooks/use-sync-completion';
import { ProviderCard } from './provider-card';

/** Roles whose plan includes platform connections (the API answers 403 to anyone else). */
const connectingRoles = ['customer', 'admin'];

/** Connections screen; in onboarding mode it is step 2 and offers a way on to the dashboard. */
export function ConnectionsPage({ mode }: { mode: 'onboarding' | 'settings' }) {
  const isOnboarding = mode === 'onboarding';
  const returnTo = isOnboarding ? paths.onboardingConnections : paths.settingsConnections;
  const { hasAnyRole } = useAuth();
  const hasPlan = hasAnyRole(connectingRoles);
  const [isPlanRefused, setIsPlanRefused] = useState(false);
  const connections = useConnections({ isEnabled: hasPlan });
  const { errorMessage, dismissError } = useConnectResult();
  const now = useNow();
  useSyncCompletion(connections.data);

  const needsPlan = !hasPlan || isPlanRefused || getErrorStatus(connections.error) === 403;
  const hasConnections = (connections.data?.length ?? 0) > 0;

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
          isOnboarding && !hasConnections ? (
            <Button asChild variant="secondary">
              <Link to={paths.dashboard}>Skip for now</Link>
            </Button>
          ) : null
        }
      />

      <div className="flex flex-col gap-6">
        {errorMessage ? (
          <Alert
            tone="danger"
            title="We couldn’t connect your account"
            action={
              <Button variant="secondary" size="sm" onClick={dismissError}>
                Dismiss
              </Button>
            }
          >
            <p data-testid="connect-error">{errorMessage}</p>
          </Alert>
        ) : null}

        {needsPlan ? (
          <Alert
            tone="info"
            title="Choose a plan to connect your platforms"
            action={
              <Button asChild size="sm">
                <Link to={paths.pricing}>
                  <Sparkles className="h-4 w-4" aria-hidden="true" /> See plans
                </Link>
              </Button>
            }
          >
            Connecting YouTube, Instagram, Facebook and TikTok comes with every Crescendo plan. Pick
            one and you can link your channels straight away — your stats start flowing in minutes.
          </Alert>
        ) : null}

        {!needsPlan && connections.isError ? (
          <AsyncErrorView error={connections.error} onRetry={() => void connections.refetch()} />
        ) : !needsPlan && connections.isPending ? (
          <ConnectionsSkeleton />
        ) : (
          <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2" aria-label="Platforms">
            {connectionProviders.map((provider) => (
              <li key={provider}>
                <ProviderCard
                  provider={provider}
                  connections={
                    needsPlan
                      ? []
                      : (connections.data ?? []).filter((item) => item.provider === provider)
                  }
                  canConnect={!needsPlan}
                  returnTo={returnTo}
                  now={now}
                  onPlanRequired={() => setIsPlanRefused(true)}
                />
              </li>
            ))}
          </ul>
        )}

        <Card className="flex flex-col gap-3 border-dashed p-5 shadow-none sm:flex-row sm:items-center sm:p-6">
          <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-zinc-100 text-zinc-500 dark:bg-zinc-800 dark:text-zinc-400">
            <BarChart3 className="h-6 w-6" aria-hidden="true" />
          </span>
          <div className="min-w-0 flex-1">
            <h2 className="font-semibold">Google Analytics</h2>
            <p className="text-sm text-zinc-600 dark:text-zinc-400">
              Traffic to your website and link-in-bio. We’re building this one next.
            </p>
          </div>
          <Badge className="self-start sm:self-center">Coming later</Badge>
        </Card>
      </div>

      {isOnboarding ? (
        <div className="mt-8 flex justify-end">
          <Button asChild size="lg">
            <Link to={paths.dashboard}>
              {hasConnections ? 'Continue to my dashboard' : 'Go to my dashboard'}
            </Link>
          </Button>
        </div>
      ) : null}
    </>
  );
}

function ConnectionsSkeleton() {
  return (
    <div
      className="grid grid-cols-1 gap-4 lg:grid-cols-2"
      role="status"
      aria-label="Loading your connections"
    >
      {connectionProviders.map((provider) => (
        <Card key={provider} className="flex flex-col gap-4 p-5 sm:p-6">
          <div className="flex items-start gap-3">
            <Skeleton className="h-11 w-11 rounded-xl" />
            <div className="flex flex-1 flex-col gap-2">
              <Skeleton className="h-5 w-40" />
              <Skeleton className="h-4 w-full max-w-xs" />
            </div>
          </div>
          <Skeleton className="h-28 w-full rounded-xl" />
          <Skeleton className="h-8 w-32" />
        </Card>
      ))}
    </div>
  );
}
