import { CircleDollarSign, Clapperboard, Users } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';

const sections = {
  audience: {
    title: 'Audience',
    description: 'Who listens, where they are and when they show up.',
    icon: Users,
    emptyTitle: 'Your audience map is waiting',
    empty:
      'Connect YouTube to see your top countries, cities, age groups and the hours your fans are most active.',
  },
  roi: {
    title: 'Return on investment',
    description: 'What each release and campaign earned back.',
    icon: CircleDollarSign,
    emptyTitle: 'No campaigns to measure yet',
    empty: 'Connect YouTube or Meta to see the return on your releases, ads and promo spend.',
  },
  content: {
    title: 'Content',
    description: 'Which videos, posts and clips move the needle.',
    icon: Clapperboard,
    emptyTitle: 'No content analysed yet',
    empty: 'Connect YouTube to see which videos and Shorts bring in new listeners.',
  },
} as const;

export function AnalyticsSectionPage({ section }: { section: keyof typeof sections }) {
  const config = sections[section];
  return (
    <>
      <PageHeader title={config.title} description={config.description} />
      <EmptyState
        icon={config.icon}
        title={config.emptyTitle}
        description={config.empty}
        action={
          <Button asChild>
            <Link to={paths.settingsConnections}>Connect a platform</Link>
          </Button>
        }
      />
    </>
  );
}
