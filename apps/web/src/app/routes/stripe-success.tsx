import { PaymentResultPage } from '@/features/billing/components/payment-result-page';

export function Component() {
  return <PaymentResultPage />;
}
