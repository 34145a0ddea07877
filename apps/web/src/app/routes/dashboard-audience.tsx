import { AnalyticsSectionPage } from '@/features/dashboard/components/analytics-section-page';

export function Component() {
  return <AnalyticsSectionPage section="audience" />;
}
