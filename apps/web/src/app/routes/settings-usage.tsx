import { UsagePage } from '@/features/billing/components/usage-page';

export function Component() {
  return <UsagePage />;
}

export const title = 'Usage';
