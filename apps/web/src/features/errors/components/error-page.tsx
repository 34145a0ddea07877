import { ServerCrash } from 'lucide-react';
import { Link } from 'react-router';
import { ErrorScreen } from '@/components/errors/error-screen';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

export function ErrorPage() {
  return (
    <ErrorScreen
      icon={ServerCrash}
      title="Something went wrong"
      message="Our servers hit a snag loading your account. It’s not you — please try again in a moment."
    >
      <Button onClick={() => window.location.assign(paths.dashboard)}>Try again</Button>
      <Button asChild variant="secondary">
        <Link to={paths.home}>Go Home</Link>
      </Button>
    </ErrorScreen>
  );
}
