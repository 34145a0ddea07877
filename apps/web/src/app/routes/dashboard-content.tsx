import { ContentPage } from '@/features/dashboard/content/components/content-page';

export function Component() {
  return <ContentPage />;
}

export const title = 'Content';
