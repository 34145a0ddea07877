import type { SharedViewResponse } from '@crescendo/contracts';
import { BadgeCheck, Lock } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { DataProvider } from '@/lib/data-provider';
import { formatLongDay, formatRelativeTime } from '@/lib/format';
import {
  goneMessage,
  readShareGrant,
  SharedViewError,
  unlockSharedView,
  useSharedView,
} from '../api/shared-view';
import { SharedAudienceFigures, SharedContentFigures } from './shared-breakdowns';
import { SharedOverviewFigures } from './shared-figures';
import {
  describePlatforms,
  describeVerifiedPlatforms,
  describeWindow,
  platformNames,
  viewNames,
} from './share-labels';

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <main
      id="main"
      className="mx-auto flex w-full max-w-5xl flex-1 flex-col gap-6 px-4 py-6 sm:px-6"
    >
      {/* Also set on the served page; this covers a page reached inside the app. */}
      <meta name="robots" content="noindex, nofollow" />
      <p className="text-sm font-semibold text-brand-700 dark:text-brand-300">Crescendo</p>
      {children}
    </main>
  );
}

function PasswordForm({
  token,
  onUnlocked,
}: {
  token: string;
  onUnlocked: (grant: string) => void;
}) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isChecking, setIsChecking] = useState(false);
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setIsChecking(true);
    setError(null);
    try {
      onUnlocked((await unlockSharedView(token, password)).grant);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Something went wrong.');
    } finally {
      setIsChecking(false);
    }
  }
  return (
    <Card className="flex max-w-md flex-col gap-4 p-6">
      <div className="flex items-center gap-2">
        <Lock className="h-5 w-5" aria-hidden="true" />
        <h2 className="text-lg font-semibold">This link needs a password</h2>
      </div>
      <form onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-3">
        <FormField label="Password" error={error ?? undefined}>
          <Input
            type="password"
            autoComplete="current-password"
            value={password}
            required
            onChange={(event) => setPassword(event.target.value)}
          />
        </FormField>
        <Button type="submit" isLoading={isChecking}>
          View figures
        </Button>
      </form>
    </Card>
  );
}

function Freshness({ data }: { data: SharedViewResponse }) {
  if (data.freshness.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Data freshness">
      {data.freshness.map((account) => (
        <li key={`${account.platform}-${account.accountName}`}>
          <Badge tone="neutral">
            {platformNames[account.platform]} · {account.accountName}
            {account.dataCompleteThrough
              ? ` · data through ${formatLongDay(account.dataCompleteThrough)}`
              : ''}
            {account.lastSyncedAt ? ` · synced ${formatRelativeTime(account.lastSyncedAt)}` : ''}
          </Badge>
        </li>
      ))}
    </ul>
  );
}

function SharedView({ token }: { token: string }) {
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number(search.get('page')) || 1);
  const [grant, setGrant] = useState(() => readShareGrant(token));
  const query = useSharedView(token, page, grant);
  const data = query.data;
  useEffect(() => {
    if (data) document.title = `${data.artistName} · ${viewNames[data.view]} · Crescendo`;
  }, [data]);

  if (query.error) {
    const isGone = query.error instanceof SharedViewError && query.error.status === 404;
    return (
      <Alert tone={isGone ? 'info' : 'danger'} title={isGone ? goneMessage : query.error.message}>
        {isGone
          ? 'Links can be switched off by the artist or end on a date they choose. Ask them for a new one.'
          : null}
      </Alert>
    );
  }
  if (!data) return <LoadingScreen message="Loading the figures…" />;
  return (
    <>
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">
          {data.artistName} · {viewNames[data.view]}
        </h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {describeWindow(data.window)} · {describePlatforms(data.platforms)}
          {data.overview
            ? ` (${formatLongDay(data.overview.range.from)} – ${formatLongDay(data.overview.range.to)})`
            : ''}
        </p>
        {data.verifiedPlatforms.length > 0 ? (
          <p className="flex items-center gap-1.5 text-sm font-medium text-emerald-700 dark:text-emerald-400">
            <BadgeCheck className="h-4 w-4" aria-hidden="true" />
            {describeVerifiedPlatforms(data.verifiedPlatforms)}
          </p>
        ) : null}
        <Freshness data={data} />
      </header>
      {data.isLocked ? <PasswordForm token={token} onUnlocked={setGrant} /> : null}
      {data.overview ? <SharedOverviewFigures overview={data.overview} /> : null}
      {data.audience ? <SharedAudienceFigures audience={data.audience} /> : null}
      {data.content ? (
        <SharedContentFigures
          content={data.content}
          onPage={(next) => setSearch({ page: String(next) })}
        />
      ) : null}
    </>
  );
}

/** The public page of a verified share link (`/s/:token`): no sign-in, read-only. */
export function SharedViewPage() {
  const { token = '' } = useParams();
  return (
    <DataProvider>
      <Frame>
        <SharedView token={token} />
      </Frame>
    </DataProvider>
  );
}
