import { RejectedPage } from '@/features/errors/components/rejected-page';

export function Component() {
  return <RejectedPage />;
}
