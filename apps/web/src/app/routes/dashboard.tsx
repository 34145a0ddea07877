import { DashboardPage } from '@/features/dashboard/overview/components/dashboard-page';

export function Component() {
  return <DashboardPage />;
}

export const title = 'Dashboard';
