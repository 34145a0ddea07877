import { findPlan } from '@crescendo/contracts';
import { CheckCircle2, CircleX, Info } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-context';
import { useCheckoutOutcome } from '../api/get-checkout-outcome';

type View = {
  tone: 'success' | 'neutral' | 'error';
  title: string;
  body: string;
  /** `isFirstStop`: the signed-in landing picks where to go (onboarding for a new artist). */
  action: { label: string; to: string; isFirstStop?: boolean };
};

/**
 * The return pages (/stripe/success, /success, /cancel) show what the payment provider says
 * happened to the checkout in `session_id`; without one they claim nothing.
 */
export function PaymentResultPage({
  renderFirstStop,
}: {
  /**
   * Where a paid checkout continues: the app's signed-in landing, so a lead who pays first gets
   * onboarding like an approved one (and only while they have no artist profile).
   */
  renderFirstStop?: (to: string) => ReactNode;
} = {}) {
  const [params] = useSearchParams();
  const [isContinuing, setIsContinuing] = useState(false);
  const [isRefreshing, setIsRefreshing] = useState(false);
  const sessionId = params.get('session_id');
  const { refreshUser, isLoaded, isSignedIn } = useAuth();
  const outcome = useCheckoutOutcome(isSignedIn ? sessionId : null);
  const isPaid = outcome.data?.status === 'complete' && outcome.data.paymentStatus === 'paid';

  // Paying changes the role and tier: read them afresh so the dashboard opens at once.
  useEffect(() => {
    if (isPaid) void refreshUser();
  }, [isPaid, refreshUser]);

  if (sessionId && (!isLoaded || (isSignedIn && outcome.isPending))) {
    return (
      <div className="flex flex-1 items-center justify-center px-4 py-16">
        <Spinner label="Checking your payment" />
      </div>
    );
  }

  if (isContinuing && renderFirstStop) return renderFirstStop(paths.dashboard);

  const view =
    sessionId && !isSignedIn
      ? signInView
      : describe(sessionId, outcome.data, Boolean(outcome.error));
  const Icon = view.tone === 'success' ? CheckCircle2 : view.tone === 'error' ? CircleX : Info;
  return (
    <div className="flex flex-1 items-center justify-center px-4 py-16">
      <div className="flex max-w-md flex-col items-center gap-4 text-center">
        <Icon
          className={
            view.tone === 'success'
              ? 'h-12 w-12 text-emerald-600'
              : view.tone === 'error'
                ? 'h-12 w-12 text-red-600'
                : 'h-12 w-12 text-zinc-500'
          }
          aria-hidden="true"
        />
        <h1 className="text-2xl font-semibold tracking-tight">{view.title}</h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{view.body}</p>
        {view.action.isFirstStop && renderFirstStop ? (
          <Button
            isLoading={isRefreshing}
            onClick={() => {
              // The role and plan must be read afresh before the landing decides.
              setIsRefreshing(true);
              void refreshUser()
                .then(() => setIsContinuing(true))
                .finally(() => setIsRefreshing(false));
            }}
          >
            {view.action.label}
          </Button>
        ) : (
          <Button asChild>
            <Link to={view.action.to}>{view.action.label}</Link>
          </Button>
        )}
      </div>
    </div>
  );
}

const signInView: View = {
  tone: 'neutral',
  title: 'Sign in to see your payment',
  body: 'Your payment’s outcome is shown to the account that paid.',
  action: { label: 'Sign in', to: paths.login },
};

function describe(
  sessionId: string | null,
  outcome: ReturnType<typeof useCheckoutOutcome>['data'],
  hasError: boolean,
): View {
  const plans = { label: 'See plans', to: paths.pricing };
  if (!sessionId) {
    return {
      tone: 'neutral',
      title: 'No payment to show',
      body: 'There is no checkout to report on here. Pick a plan whenever you’re ready.',
      action: plans,
    };
  }
  if (hasError || !outcome) {
    return {
      tone: 'error',
      title: 'We couldn’t find that checkout',
      body: 'No payment was recorded for it. You can start again from the plans.',
      action: plans,
    };
  }
  if (outcome.status === 'complete' && outcome.paymentStatus === 'paid') {
    const planName = findPlan(outcome.currentPlan)?.name ?? findPlan(outcome.plan)?.name ?? 'new';
    return {
      tone: 'success',
      title: 'Payment successful',
      body: `You’re on the ${planName} plan. Time to turn up the volume.`,
      action: { label: 'Go to dashboard', to: paths.dashboard, isFirstStop: true },
    };
  }
  if (outcome.status === 'expired') {
    return {
      tone: 'neutral',
      title: 'Checkout expired',
      body: 'No payment was taken.',
      action: plans,
    };
  }
  return {
    tone: 'neutral',
    title: 'Checkout cancelled',
    body: 'No payment was taken. You can pick a plan whenever you’re ready.',
    action: { label: 'Back to plans', to: paths.pricing },
  };
}
