import { Lock } from 'lucide-react';
import { Link } from 'react-router';
import { ErrorScreen } from '@/components/errors/error-screen';
import { Button } from '@/components/ui/button';
import { getHomePathForRoles, paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-context';

export function AccessDeniedPage() {
  const { isSignedIn, roles } = useAuth();
  const isLead = roles.includes('lead') && !roles.includes('customer') && !roles.includes('admin');
  return (
    <ErrorScreen
      icon={Lock}
      title="Access denied"
      message={
        isLead
          ? 'This area opens once your waitlist spot is approved. Check your status or pick a plan to get in sooner.'
          : 'Your account doesn’t have access to this page.'
      }
    >
      {isSignedIn ? (
        <Button asChild>
          <Link to={getHomePathForRoles(roles)}>Go to my home</Link>
        </Button>
      ) : (
        <Button asChild>
          <Link to={paths.login}>Sign in</Link>
        </Button>
      )}
      {isLead ? (
        <Button asChild variant="secondary">
          <Link to={paths.pricing}>See plans</Link>
        </Button>
      ) : null}
    </ErrorScreen>
  );
}
