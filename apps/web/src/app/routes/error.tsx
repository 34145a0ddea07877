import { ErrorPage } from '@/features/errors/components/error-page';

export function Component() {
  return <ErrorPage />;
}
