import { CheckCircle2, Hourglass, Sparkles } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { AsyncErrorView } from '@/components/errors/async-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-context';
import { useWaitlistStatus } from '../api/validate-waitlist';

export function LeadWaitlistStatus({ email }: { email: string }) {
  const navigate = useNavigate();
  const { refreshUser } = useAuth();
  const [isOpening, setIsOpening] = useState(false);
  const status = useWaitlistStatus(email);
  // Approval grants access on the server; read the new role before going in.
  const openDashboard = async () => {
    setIsOpening(true);
    try {
      await refreshUser();
      await navigate(paths.onboardingProfile);
    } finally {
      setIsOpening(false);
    }
  };

  useEffect(() => {
    if (status.data?.status === 'rejected') void navigate(paths.rejected, { replace: true });
  }, [status.data?.status, navigate]);

  if (status.isPending) return <Spinner label="Checking your spot" />;
  if (status.isError)
    return <AsyncErrorView error={status.error} onRetry={() => void status.refetch()} />;

  const { data } = status;
  if (data.status === 'approved') {
    return (
      <Card>
        <CardContent className="flex flex-col items-start gap-4">
          <Badge tone="success">
            <CheckCircle2 className="h-3.5 w-3.5" aria-hidden="true" /> Approved
          </Badge>
          <h2 className="text-xl font-semibold">You’re off the waitlist</h2>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            Your spot is confirmed and your dashboard is ready. Start by telling us about your
            music.
          </p>
          <Button onClick={() => void openDashboard()} isLoading={isOpening}>
            Set up my profile
          </Button>
        </CardContent>
      </Card>
    );
  }

  return (
    <Card>
      <CardContent className="flex flex-col gap-6 sm:flex-row sm:items-center">
        <div className="flex h-28 w-28 shrink-0 flex-col items-center justify-center rounded-2xl bg-brand-50 text-brand-800 dark:bg-brand-900/40 dark:text-brand-100">
          <span className="text-xs font-medium tracking-wide uppercase">Position</span>
          <span className="text-4xl font-semibold" data-testid="waitlist-position">
            {data.position ?? '—'}
          </span>
        </div>
        <div className="flex flex-col items-start gap-3">
          <Badge tone="warning">
            <Hourglass className="h-3.5 w-3.5" aria-hidden="true" /> Pending
          </Badge>
          <h2 className="text-xl font-semibold">You’re on the list</h2>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            We’re bringing artists in every week. We’ll email {data.email} the moment your dashboard
            is ready.
          </p>
          <Button asChild variant="secondary" size="sm">
            <Link to={paths.pricing}>
              <Sparkles className="h-4 w-4" aria-hidden="true" /> Skip the line with a plan
            </Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
