import { LandingPage } from '@/features/home/components/landing-page';

export function Component() {
  return <LandingPage />;
}
