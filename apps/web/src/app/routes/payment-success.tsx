import { PaymentResultPage } from '@/features/billing/components/payment-result-page';
import { LazySignedInLanding } from '@/features/profile/components/lazy-signed-in-landing';
import { DataProvider } from '@/lib/data-provider';

/** A public return page: it reads the checkout's outcome, so it brings its own data provider. */
export function Component() {
  return (
    <DataProvider>
      <PaymentResultPage renderFirstStop={(to) => <LazySignedInLanding to={to} />} />
    </DataProvider>
  );
}

export const title = 'Payment';
