import { AudiencePage } from '@/features/dashboard/components/audience-page';

export function Component() {
  return <AudiencePage />;
}
