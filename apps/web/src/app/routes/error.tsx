import { ErrorPage } from '@/features/errors/components/error-page';

export function Component() {
  return <ErrorPage />;
}

export const title = 'Error';
