import { findPlan, formatPlanPrice } from '@crescendo/contracts';
import { Lock } from 'lucide-react';
import { useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useCreateCheckoutSession } from '../api/create-checkout-session';
import { usePlans } from '../api/get-plans';
import { describeLimits } from './plan-limits';

export function CheckoutPage() {
  const [params] = useSearchParams();
  const plan = findPlan(params.get('plan'));
  const plansQuery = usePlans();
  const checkout = useCreateCheckoutSession();
  // One key per visit: pressing again (or a retried request) reuses the same session.
  const [idempotencyKey] = useState(() => crypto.randomUUID());

  if (!plan || plan.id === 'free') return <Navigate to={paths.pricing} replace />;
  const priceId = plansQuery.data?.plans.find((item) => item.id === plan.id)?.priceId ?? null;
  const isCurrent = plansQuery.data?.currentPlan === plan.id;
  // A subscriber changes plan in the billing portal; a second subscription is not sold.
  const hasOtherPaidPlan = Boolean(
    plansQuery.data && plansQuery.data.currentPlan !== 'free' && !isCurrent,
  );

  return (
    <>
      <PageHeader
        title="Checkout"
        description="You pay on the payment provider’s secure page, then come back here."
      />
      <Card className="max-w-xl">
        <CardHeader>
          <CardTitle>{plan.name} plan</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <p className="text-3xl font-semibold">
            {formatPlanPrice(plan.priceCents)}
            <span className="text-sm font-normal text-zinc-600 dark:text-zinc-400">
              {' '}
              / month, USD
            </span>
          </p>
          <ul className="list-inside list-disc text-sm text-zinc-700 dark:text-zinc-300">
            {describeLimits(plan).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          {checkout.error ? (
            <Alert tone="danger" title="Checkout could not start">
              {checkout.error.message}
            </Alert>
          ) : null}
          {isCurrent ? (
            <Alert tone="success" title={`You are already on ${plan.name}.`} />
          ) : hasOtherPaidPlan ? (
            <Alert tone="info" title="You already have a subscription">
              Change to {plan.name} with{' '}
              <Link className="font-medium underline" to={`${paths.settingsUsage}#billing`}>
                Manage billing
              </Link>
              .
            </Alert>
          ) : plansQuery.isPending ? (
            <Spinner label="Loading plans" />
          ) : (
            <Button
              size="lg"
              isLoading={checkout.isPending || checkout.isSuccess}
              disabled={!priceId}
              onClick={() => priceId && checkout.mutate({ priceId, idempotencyKey })}
            >
              <Lock className="h-4 w-4" aria-hidden="true" /> Continue to payment
            </Button>
          )}
          <Button asChild variant="ghost">
            <Link to={paths.pricing}>Back to plans</Link>
          </Button>
        </CardContent>
      </Card>
    </>
  );
}
