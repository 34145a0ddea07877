import { CheckoutPage } from '@/features/billing/components/checkout-page';

export function Component() {
  return <CheckoutPage />;
}

export const title = 'Checkout';
