import type { Connection, ConnectionProvider } from '@crescendo/contracts';
import { CircleAlert, type LucideIcon } from 'lucide-react';
import { useMemo, type ComponentType, type ReactNode } from 'react';
import { Link } from 'react-router';
import { PlatformSyncProgress } from '@/components/charts/platform-sync-progress';
import { AsyncErrorView } from '@/components/errors/async-error';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';
import { useProviderConnection } from '@/lib/analytics/connections-query';
import { AnalyticsPage } from './analytics-page';
import { PeriodSelect } from './period-select';
import {
  PlatformSections,
  type PlatformSectionsConfig,
  type PlatformView,
} from './platform-sections';

/** What differs between /youtube and /meta; everything else is this one page. */
export type PlatformPageConfig<Data, Metric extends string> = {
  provider: ConnectionProvider;
  title: string;
  description: string;
  /** "your channel", "your accounts": in the loading and sync copy. */
  subject: string;
  connect: { icon: LucideIcon; title: string; description: string; action: string };
  /** "YouTube", "Meta": "… needs you to reconnect". */
  providerName: string;
  syncDescription: string;
  Skeleton: ComponentType;
  /** Reads the view from the URL (it shares `?range=` and `?from=&to=` with the dashboard). */
  useView: () => PlatformView<Metric>;
  sections: PlatformSectionsConfig<Data, Metric>;
};

function FirstSyncFailed({
  config,
  connection,
}: {
  config: { providerName: string; subject: string };
  connection: Connection;
}) {
  return (
    <EmptyState
      icon={CircleAlert}
      title={
        connection.status === 'reconnect_needed'
          ? `${config.providerName} needs you to reconnect`
          : `We couldn’t read ${config.subject} yet`
      }
      description={
        connection.sync.error ??
        'The first sync stopped before it finished. It retries on its own, or you can start it again from Connections.'
      }
      action={
        <Button asChild>
          <Link to={paths.settingsConnections}>Go to connections</Link>
        </Button>
      }
    />
  );
}

function ConnectedAnalytics<Data, Metric extends string>({
  config,
  connection,
  view,
  loading,
}: {
  config: PlatformPageConfig<Data, Metric>;
  connection: Connection;
  view: PlatformView<Metric>;
  loading: ReactNode;
}) {
  const { period } = view;
  const window = view.window ?? null;
  // A preset is resolved by the API: the platform's own last N days, as in every reader.
  const range = useMemo(() => window ?? { range: period }, [window, period]);
  return (
    <PlatformSections
      sections={config.sections}
      connection={connection}
      range={range}
      view={view}
      loading={loading}
    />
  );
}

/**
 * /youtube and /meta: one page driven by its platform's config. It finds the provider's
 * connection in the shared connections query, shows connect / first-sync / failed states, and
 * draws the platform's analytics under the analytics pages' period control.
 */
export function PlatformPage<Data, Metric extends string>({
  config,
}: {
  config: PlatformPageConfig<Data, Metric>;
}) {
  const connection = useProviderConnection(config.provider);
  const view = config.useView();
  const current = connection.data ?? null;
  const isFirstSync = current !== null && current.lastSyncedAt === null;
  const isReady = current !== null && !isFirstSync;
  const { Skeleton } = config;
  const loading = (
    <div className="flex flex-col gap-6" aria-busy="true" aria-label={`Loading ${config.subject}`}>
      <Skeleton />
    </div>
  );

  let body: ReactNode;
  if (connection.isPending) body = loading;
  else if (connection.isError && !connection.data)
    body = <AsyncErrorView error={connection.error} onRetry={() => void connection.refetch()} />;
  else if (current === null) {
    const { connect } = config;
    body = (
      <EmptyState
        icon={connect.icon}
        title={connect.title}
        description={connect.description}
        action={
          <Button asChild>
            <Link to={paths.settingsConnections}>{connect.action}</Link>
          </Button>
        }
      />
    );
  } else if (isFirstSync && current.status === 'syncing')
    body = (
      <PlatformSyncProgress
        title={`Bringing in ${current.accountName || config.subject}`}
        step={current.sync.step}
        percent={current.sync.percent}
        description={config.syncDescription}
      />
    );
  else if (isFirstSync) body = <FirstSyncFailed config={config} connection={current} />;
  else
    body = (
      <ConnectedAnalytics config={config} connection={current} view={view} loading={loading} />
    );

  return (
    <AnalyticsPage
      title={config.title}
      description={config.description}
      filters={
        isReady ? (
          <PeriodSelect
            value={view.period}
            custom={view.window ?? null}
            onChange={view.setPeriod}
          />
        ) : null
      }
    >
      {body}
    </AnalyticsPage>
  );
}
