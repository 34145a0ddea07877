import { TeamPage } from '@/features/teams/components/team-page';

export function Component() {
  return <TeamPage />;
}

export const title = 'Team';
