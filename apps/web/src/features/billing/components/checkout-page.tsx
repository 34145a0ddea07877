import { useMutation, useQuery } from '@tanstack/react-query';
import { CreditCard } from 'lucide-react';
import { useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-context';
import { paymentService } from '../api/payment-service';
import { findPlan, formatPrice } from './plans';

export function CheckoutPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { user } = useAuth();
  const plan = findPlan(params.get('plan'));
  const methods = useQuery({
    queryKey: ['billing', 'payment-methods'],
    queryFn: () => paymentService.listPaymentMethods(),
  });
  const [methodId, setMethodId] = useState<string>('pm_card_visa');
  const [failure, setFailure] = useState<string | null>(null);

  const pay = useMutation({
    mutationFn: async () => {
      if (!plan || !user) throw new Error('Choose a plan first');
      const intent = await paymentService.createPaymentIntent(plan.priceCents, methodId);
      const result = await paymentService.confirmPayment(intent.id);
      if (result.status === 'failed') throw new Error(result.error);
      return paymentService.createSubscription({
        planId: plan.id,
        userId: user.id,
        amount: plan.priceCents,
      });
    },
    onSuccess: (subscription) =>
      void navigate(`${paths.paymentSuccess}?plan=${subscription.planId}`),
    onError: (error) => setFailure(error.message),
  });

  if (!plan) return <Navigate to={paths.pricing} replace />;

  return (
    <>
      <PageHeader
        title="Checkout"
        description="Payments are simulated in this preview — no card is charged."
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>Payment method</CardTitle>
          </CardHeader>
          <CardContent>
            {methods.isPending ? (
              <Spinner label="Loading payment methods" />
            ) : (
              <fieldset className="flex flex-col gap-3">
                <legend className="sr-only">Choose a payment method</legend>
                {methods.data?.map((method) => (
                  <label
                    key={method.id}
                    className="flex cursor-pointer items-center gap-3 rounded-xl border border-zinc-200 p-4 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50/60 dark:border-zinc-800 dark:has-[:checked]:bg-brand-950/30"
                  >
                    <input
                      type="radio"
                      name="payment-method"
                      value={method.id}
                      checked={methodId === method.id}
                      onChange={() => setMethodId(method.id)}
                      className="accent-brand-600"
                    />
                    <CreditCard className="h-5 w-5 text-zinc-500" aria-hidden="true" />
                    <span className="text-sm font-medium capitalize">
                      {method.type === 'paypal' ? 'PayPal' : `${method.brand} •••• ${method.last4}`}
                    </span>
                    {method.type === 'card' ? (
                      <span className="ml-auto text-xs text-zinc-600 dark:text-zinc-400">
                        Expires {method.expiry}
                      </span>
                    ) : null}
                  </label>
                ))}
              </fieldset>
            )}
            {failure ? (
              <p
                role="alert"
                className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950/60 dark:text-red-200"
              >
                {failure}
              </p>
            ) : null}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{plan.name} plan</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <p className="text-3xl font-semibold">
              {formatPrice(plan.priceCents)}
              <span className="text-sm font-normal text-zinc-600 dark:text-zinc-400"> / month</span>
            </p>
            <Button
              size="lg"
              isLoading={pay.isPending}
              onClick={() => {
                setFailure(null);
                pay.mutate();
              }}
            >
              Pay {formatPrice(plan.priceCents)}
            </Button>
            <Button asChild variant="ghost">
              <Link to={paths.paymentCancel}>Cancel</Link>
            </Button>
          </CardContent>
        </Card>
      </div>
    </>
  );
}
