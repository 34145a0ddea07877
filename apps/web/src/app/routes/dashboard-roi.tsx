import { RoiPage } from '@/features/dashboard/components/roi-page';

export function Component() {
  return <RoiPage />;
}
