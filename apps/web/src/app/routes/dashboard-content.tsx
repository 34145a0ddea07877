import { ContentPage } from '@/features/dashboard/components/content-page';

export function Component() {
  return <ContentPage />;
}
