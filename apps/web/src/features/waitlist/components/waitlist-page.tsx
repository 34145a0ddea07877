import { PageHeader } from '@/components/ui/page-header';
import { useAuth } from '@/lib/auth/auth-context';
import { AdminWaitlistPanel } from './admin-waitlist-panel';
import { LeadWaitlistStatus } from './lead-waitlist-status';

export function WaitlistPage() {
  const { hasRole, user } = useAuth();
  if (hasRole('admin')) {
    return (
      <>
        <PageHeader
          title="Waitlist"
          description="Review artists waiting for access. Approving someone opens their dashboard at once."
        />
        <AdminWaitlistPanel />
      </>
    );
  }
  return (
    <>
      <PageHeader
        title="Your waitlist spot"
        description="Here’s where you stand. We’ll let you in as soon as there’s room."
      />
      {user ? <LeadWaitlistStatus email={user.email} /> : null}
    </>
  );
}
