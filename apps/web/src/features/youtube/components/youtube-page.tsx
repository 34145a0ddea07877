import { MonitorPlay } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';

export function YoutubePage() {
  return (
    <>
      <PageHeader
        title="YouTube analytics"
        description="Views, watch time, subscribers and your best-performing videos."
      />
      <EmptyState
        icon={MonitorPlay}
        title="Connect YouTube to see your channel"
        description="Connect YouTube to see views, watch time, subscriber growth and which videos turn viewers into fans."
        action={
          <Button asChild>
            <Link to={paths.settingsConnections}>Connect YouTube</Link>
          </Button>
        }
      />
    </>
  );
}
