import { Gauge } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-context';

export function UsagePage() {
  const { tier } = useAuth();
  return (
    <>
      <PageHeader
        title="Usage"
        description={`Your plan: ${tier ?? 'Free'}. See how much of this month’s allowance you’ve used.`}
      />
      <EmptyState
        icon={Gauge}
        title="No usage this month"
        description="Usage counts syncs, reports and assistant questions. Connect a platform to start your first sync."
        action={
          <Button asChild variant="secondary">
            <Link to={paths.pricing}>Compare plans</Link>
          </Button>
        }
      />
    </>
  );
}
