import type { Connection, ConnectionProvider } from '@crescendo/contracts';
import { Camera, Link2, MonitorPlay, Music2, Plus, type LucideIcon } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { getErrorStatus } from '@/lib/api-error';
import { extractErrorMessage } from '@/lib/api-error-message';
import { showToast } from '@/lib/toast';
import { useStartConnect, type ConnectReturnPath } from '../api/get-auth-url';
import { providerNames } from '@/lib/platforms';
import { ConnectionDetails } from './connection-details';
import { useOrganizationAccess } from '@/lib/organizations/use-organization-access';

const providerDetails: Record<
  ConnectionProvider,
  { icon: LucideIcon; unlocks: string; another: string }
> = {
  youtube: {
    icon: MonitorPlay,
    unlocks: 'Views, watch time, subscribers and your top videos.',
    another: 'Connect another channel',
  },
  meta: {
    icon: Camera,
    unlocks: 'Instagram reach, saves and followers, plus your Facebook Page — one sign-in.',
    another: 'Connect another account',
  },
  tiktok: {
    icon: Music2,
    unlocks:
      'Followers, likes and every video’s views — tracked day by day from the day you connect.',
    another: 'Connect another account',
  },
};

/**
 * One platform: its connected accounts, or a way to connect it. Without a plan (`canConnect`
 * false) the card only says what connecting would unlock.
 */
export function ProviderCard({
  provider,
  connections,
  canConnect,
  returnTo,
  now,
  onPlanRequired,
}: {
  provider: ConnectionProvider;
  connections: readonly Connection[];
  canConnect: boolean;
  returnTo: ConnectReturnPath;
  now: number;
  onPlanRequired: () => void;
}) {
  const titleId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const { canEdit } = useOrganizationAccess();
  const connect = useStartConnect();
  const { icon: Icon, unlocks, another } = providerDetails[provider];
  const name = providerNames[provider];
  const isConnected = connections.length > 0;
  // Stays busy after success: the browser is on its way to the consent page.
  const isConnecting = connect.isPending || connect.isSuccess;
  const { reset } = connect;

  // Back from the consent page via the back/forward cache: the page is restored mid-redirect.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [reset]);

  const startConnect = () =>
    connect.mutate(
      { provider, returnTo },
      {
        onError: (error) => {
          if (getErrorStatus(error) === 403) return onPlanRequired();
          showToast({
            title: `Couldn’t open ${name}`,
            description: extractErrorMessage(error),
            type: 'error',
          });
        },
      },
    );

  return (
    <Card className="flex h-full flex-col gap-4 p-5 sm:p-6">
      <div className="flex items-start gap-3">
        <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 dark:bg-brand-900/40 dark:text-brand-300">
          <Icon className="h-6 w-6" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <h2
              id={titleId}
              ref={titleRef}
              tabIndex={-1}
              className="text-lg font-semibold tracking-tight outline-none"
            >
              {name}
            </h2>
            {!isConnected ? (
              <Badge>{canConnect ? 'Not connected' : 'Available with a plan'}</Badge>
            ) : null}
          </div>
          <p className="mt-0.5 text-sm text-zinc-600 dark:text-zinc-400">{unlocks}</p>
        </div>
      </div>

      {connections.map((connection) => (
        <ConnectionDetails
          key={connection.id}
          connection={connection}
          now={now}
          isReconnecting={isConnecting}
          onReconnect={startConnect}
          onDisconnected={() => titleRef.current?.focus()}
        />
      ))}

      {canConnect && canEdit ? (
        isConnected ? (
          <Button
            variant="ghost"
            size="sm"
            className="mt-auto self-start"
            onClick={startConnect}
            isLoading={isConnecting}
            aria-describedby={titleId}
          >
            <Plus className="h-4 w-4" aria-hidden="true" /> {another}
          </Button>
        ) : (
          <Button
            className="mt-auto w-full sm:w-auto sm:self-start"
            onClick={startConnect}
            isLoading={isConnecting}
          >
            <Link2 className="h-4 w-4" aria-hidden="true" /> Connect {name}
          </Button>
        )
      ) : null}
    </Card>
  );
}
