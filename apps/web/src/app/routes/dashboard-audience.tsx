import { AudiencePage } from '@/features/dashboard/audience/components/audience-page';

export function Component() {
  return <AudiencePage />;
}

export const title = 'Audience';
