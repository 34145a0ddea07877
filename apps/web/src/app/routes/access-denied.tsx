import { AccessDeniedPage } from '@/features/errors/components/access-denied-page';

export function Component() {
  return <AccessDeniedPage />;
}

export const title = 'Access denied';
