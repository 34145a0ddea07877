import { CheckCircle2, CircleX } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { findPlan } from './plans';

export function PaymentResultPage({ outcome }: { outcome: 'success' | 'cancel' }) {
  const [params] = useSearchParams();
  const plan = findPlan(params.get('plan'));
  const isSuccess = outcome === 'success';
  const Icon = isSuccess ? CheckCircle2 : CircleX;
  return (
    <div className="flex flex-1 items-center justify-center px-4 py-16">
      <div className="flex max-w-md flex-col items-center gap-4 text-center">
        <Icon
          className={isSuccess ? 'h-12 w-12 text-emerald-600' : 'h-12 w-12 text-zinc-500'}
          aria-hidden="true"
        />
        <h1 className="text-2xl font-semibold tracking-tight">
          {isSuccess ? 'Payment successful' : 'Checkout cancelled'}
        </h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {isSuccess
            ? `You’re on the ${plan?.name ?? 'new'} plan. Time to turn up the volume.`
            : 'No payment was taken. You can pick a plan whenever you’re ready.'}
        </p>
        <Button asChild>
          <Link to={isSuccess ? paths.dashboard : paths.pricing}>
            {isSuccess ? 'Go to dashboard' : 'Back to plans'}
          </Link>
        </Button>
      </div>
    </div>
  );
}
