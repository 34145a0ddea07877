import { Share2 } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useDashboardFilters } from '../hooks/use-dashboard-filters';

/** Opens Settings → Share links with this view, period and platform filled in. */
export function ShareViewButton({ view }: { view: 'overview' | 'audience' | 'content' }) {
  const { filters } = useDashboardFilters();
  const search = new URLSearchParams({ view, range: filters.range, platform: filters.platform });
  return (
    <Button asChild variant="secondary">
      <Link to={`${paths.settingsSharing}?${search}`}>
        <Share2 className="h-4 w-4" aria-hidden="true" />
        Share
      </Link>
    </Button>
  );
}
