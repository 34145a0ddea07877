import { CircleSlash } from 'lucide-react';
import { Link } from 'react-router';
import { ErrorScreen } from '@/components/errors/error-screen';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

export function RejectedPage() {
  return (
    <ErrorScreen
      icon={CircleSlash}
      title="Your waitlist request wasn’t approved"
      message="We can’t offer you access right now. Plans open up regularly — you can still choose a paid plan or reach out to us."
    >
      <Button asChild>
        <Link to={paths.home}>Back to home</Link>
      </Button>
    </ErrorScreen>
  );
}
