import { RejectedPage } from '@/features/errors/components/rejected-page';

export function Component() {
  return <RejectedPage />;
}

export const title = 'Waitlist decision';
