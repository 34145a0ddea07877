import { PaymentResultPage } from '@/features/billing/components/payment-result-page';
import { DataProvider } from '@/lib/data-provider';

/** A public return page: it reads the checkout's outcome, so it brings its own data provider. */
export function Component() {
  return (
    <DataProvider>
      <PaymentResultPage />
    </DataProvider>
  );
}

export const title = 'Payment cancelled';
