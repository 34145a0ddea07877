import { UserX } from 'lucide-react';
import { Link } from 'react-router';
import { ErrorScreen } from '@/components/errors/error-screen';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

export function RegistrationErrorPage() {
  return (
    <ErrorScreen
      icon={UserX}
      title="We couldn’t finish your registration"
      message="Your account was created, but we couldn’t save your spot on the waitlist. Please try again in a moment."
    >
      <Button asChild>
        <Link to={paths.registrationSuccess}>Try again</Link>
      </Button>
      <Button asChild variant="secondary">
        <Link to={paths.home}>Back to home</Link>
      </Button>
    </ErrorScreen>
  );
}
