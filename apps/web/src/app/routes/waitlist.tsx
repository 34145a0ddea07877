import { WaitlistPage } from '@/features/waitlist/components/waitlist-page';

export function Component() {
  return <WaitlistPage />;
}

export const title = 'Waitlist';
