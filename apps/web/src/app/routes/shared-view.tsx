import { SharedViewPage } from '@/features/sharing/components/shared-view-page';

export function Component() {
  return <SharedViewPage />;
}

export const title = 'Shared figures';
