import { formatPlanPrice, plans, type PlanId } from '@crescendo/contracts';
import { Check } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { usePlans } from '../api/get-plans';
import { describeLimits } from './plan-limits';

export function PricingPage() {
  const plansQuery = usePlans();
  const current: PlanId | undefined = plansQuery.data?.currentPlan;
  return (
    <>
      <PageHeader
        title="Plans & pricing"
        description="Pick the plan that fits where your music is right now. Cancel any time."
      />
      <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-4">
        {plans.map((plan) => {
          const isCurrent = plan.id === current;
          return (
            <li key={plan.id}>
              <Card
                aria-current={isCurrent ? 'true' : undefined}
                className={cn(
                  'flex h-full flex-col gap-5 p-6',
                  plan.isFeatured && 'border-brand-500 ring-1 ring-brand-500',
                  isCurrent && 'border-emerald-500 ring-2 ring-emerald-500',
                )}
              >
                <div className="flex items-center justify-between gap-2">
                  <h2 className="text-lg font-semibold">{plan.name}</h2>
                  {isCurrent ? (
                    <Badge tone="success">Current plan</Badge>
                  ) : plan.isFeatured ? (
                    <Badge tone="brand">Most popular</Badge>
                  ) : null}
                </div>
                <p className="text-sm text-zinc-600 dark:text-zinc-400">{plan.tagline}</p>
                <p className="whitespace-nowrap">
                  <span className="text-3xl font-semibold tracking-tight">
                    {formatPlanPrice(plan.priceCents)}
                  </span>
                  <span className="text-sm text-zinc-600 dark:text-zinc-400"> / month</span>
                </p>
                <ul className="flex flex-col gap-2 text-sm">
                  {[...plan.features, ...describeLimits(plan)].map((feature) => (
                    <li key={feature} className="flex items-start gap-2">
                      <Check
                        className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600"
                        aria-hidden="true"
                      />{' '}
                      {feature}
                    </li>
                  ))}
                </ul>
                {plan.id === 'free' || isCurrent ? (
                  <p className="mt-auto text-sm text-zinc-600 dark:text-zinc-400">
                    {isCurrent ? 'You are on this plan.' : 'Included with every approved account.'}
                  </p>
                ) : (
                  <Button
                    asChild
                    className="mt-auto"
                    variant={plan.isFeatured ? 'primary' : 'secondary'}
                  >
                    <Link to={`${paths.checkout}?plan=${plan.id}`}>Choose {plan.name}</Link>
                  </Button>
                )}
              </Card>
            </li>
          );
        })}
      </ul>
    </>
  );
}
