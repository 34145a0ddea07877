import {
  findPlan,
  formatPlanPrice,
  type UsageLimit,
  type UsageResponse,
} from '@crescendo/contracts';
import { CreditCard, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useOpenBillingPortal } from '../api/create-portal-session';
import { useUsage } from '../api/get-usage';
import {
  ownerOnlyReason,
  useOrganizationAccess,
} from '@/lib/organizations/use-organization-access';

function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
}

function planStatus(usage: UsageResponse): {
  tone: 'success' | 'warning' | 'danger' | 'neutral';
  text: string;
} {
  const { subscription } = usage;
  if (subscription.status === 'past_due') {
    return {
      tone: 'danger',
      text: subscription.graceEndsAt
        ? `Payment failed: paid limits until ${formatDate(subscription.graceEndsAt)}`
        : 'Payment failed',
    };
  }
  if (subscription.cancelAtPeriodEnd)
    return { tone: 'warning', text: `Ends on ${formatDate(usage.period.end)}` };
  if (usage.renewsAt) return { tone: 'success', text: `Renews on ${formatDate(usage.renewsAt)}` };
  return { tone: 'neutral', text: 'Free plan' };
}

function LimitRow({ limit }: { limit: UsageLimit }) {
  const upgrade = limit.upgradePlan ? findPlan(limit.upgradePlan) : undefined;
  if (limit.name === 'historyDays') {
    return (
      <li className="flex flex-col gap-1">
        <div className="flex items-baseline justify-between gap-4 text-sm">
          <span className="font-medium">History window</span>
          <span>{limit.allowed === null ? 'All history' : `${limit.allowed} days`}</span>
        </div>
      </li>
    );
  }
  const ratio = limit.allowed ? limit.used / limit.allowed : 0;
  const isNearLimit = limit.allowed !== null && ratio >= 0.8;
  const text =
    limit.allowed === null ? `${limit.used} used · unlimited` : `${limit.used} of ${limit.allowed}`;
  return (
    <li className="flex flex-col gap-2">
      <div className="flex items-baseline justify-between gap-4 text-sm">
        <span className="font-medium">{limit.label}</span>
        <span className={limit.isOverLimit ? 'font-semibold text-red-700 dark:text-red-300' : ''}>
          {text}
        </span>
      </div>
      <Progress
        value={limit.allowed === null ? 0 : Math.min(100, ratio * 100)}
        label={limit.label}
        valueText={text}
      />
      {isNearLimit && upgrade ? (
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          {limit.isOverLimit
            ? 'Over your plan’s limit: what is over it is read-only. '
            : ratio >= 1
              ? 'You’ve reached this limit. '
              : 'Almost at your limit. '}
          <Link
            className="font-medium text-brand-700 underline dark:text-brand-300"
            to={paths.pricing}
          >
            Upgrade to {upgrade.name}
          </Link>
        </p>
      ) : null}
    </li>
  );
}

/** /settings/usage: the plan, each limit with its use, and billing (portal, card, invoices). */
export function UsagePage() {
  const { canManage } = useOrganizationAccess();
  const usage = useUsage();
  const portal = useOpenBillingPortal();
  if (usage.isPending) {
    return (
      <>
        <PageHeader title="Usage & billing" description="Loading your plan…" />
        <Skeleton className="h-64 w-full" />
      </>
    );
  }
  if (usage.isError) {
    return (
      <>
        <PageHeader title="Usage & billing" />
        <Alert
          tone="danger"
          title="Usage could not be loaded"
          action={
            <Button variant="secondary" onClick={() => void usage.refetch()}>
              Retry
            </Button>
          }
        >
          {' '}
          {usage.error.message}
        </Alert>
      </>
    );
  }
  const data = usage.data;
  const status = planStatus(data);
  return (
    <>
      <PageHeader
        title="Usage & billing"
        description={`Billing period ${formatDate(data.period.start)} – ${formatDate(data.period.end)}.`}
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>This period’s usage</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="flex flex-col gap-5">
              {data.limits.map((limit) => (
                <LimitRow key={limit.name} limit={limit} />
              ))}
            </ul>
          </CardContent>
        </Card>
        <Card id="billing">
          <CardHeader>
            <CardTitle>Your plan</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <div className="flex flex-wrap items-center gap-2">
              <p className="text-2xl font-semibold" data-testid="current-plan">
                {data.plan.name}
              </p>
              <span className="text-sm text-zinc-600 dark:text-zinc-400">
                {data.plan.priceCents > 0
                  ? `${formatPlanPrice(data.plan.priceCents)} / month`
                  : 'Free'}
              </span>
            </div>
            <Badge tone={status.tone} className="self-start">
              {status.text}
            </Badge>
            {data.paymentMethod ? (
              <p className="flex items-center gap-2 text-sm">
                <CreditCard className="h-4 w-4 text-zinc-500" aria-hidden="true" />
                <span className="capitalize">{data.paymentMethod.brand}</span>
                {data.paymentMethod.last4 ? <span>•••• {data.paymentMethod.last4}</span> : null}
              </p>
            ) : null}
            {portal.error ? (
              <Alert tone="danger" title="The billing portal could not open">
                {portal.error.message}
              </Alert>
            ) : null}
            {data.canManageBilling && canManage ? (
              <Button
                isLoading={portal.isPending || portal.isSuccess}
                onClick={() => portal.mutate()}
              >
                Manage billing
              </Button>
            ) : null}
            {canManage ? (
              <Button asChild variant={data.canManageBilling ? 'secondary' : 'primary'}>
                <Link to={paths.pricing}>
                  <Sparkles className="h-4 w-4" aria-hidden="true" />
                  {data.plan.id === 'free' ? 'Upgrade your plan' : 'Compare plans'}
                </Link>
              </Button>
            ) : (
              <p className="text-sm text-zinc-600 dark:text-zinc-400">{ownerOnlyReason}</p>
            )}
          </CardContent>
        </Card>
      </div>
      <Card className="mt-6">
        <CardHeader>
          <CardTitle>Invoices</CardTitle>
        </CardHeader>
        <CardContent>
          {data.invoices.length === 0 ? (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">No invoices yet.</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <thead className="text-zinc-600 dark:text-zinc-400">
                  <tr>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      Date
                    </th>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      Number
                    </th>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      Amount
                    </th>
                    <th scope="col" className="py-2 font-medium">
                      Status
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.invoices.map((invoice) => (
                    <tr key={invoice.id} className="border-t border-zinc-200 dark:border-zinc-800">
                      <td className="py-2 pr-4">{formatDate(invoice.createdAt)}</td>
                      <td className="py-2 pr-4">{invoice.number ?? '—'}</td>
                      <td className="py-2 pr-4">
                        {formatPlanPrice(invoice.amountCents)} {invoice.currency.toUpperCase()}
                      </td>
                      <td className="py-2 capitalize">{invoice.status}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </CardContent>
      </Card>
    </>
  );
}
