import { LandingPage } from '@/features/home/components/landing-page';

export function Component() {
  return <LandingPage />;
}

export const title = 'Growth analytics for music artists';
