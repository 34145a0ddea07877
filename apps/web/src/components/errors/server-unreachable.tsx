import { CloudOff } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { reachability } from '@/lib/connectivity';
import { resetQueryErrors } from '@/lib/server-data';
import { CONNECTION_PROBLEM_MESSAGE } from './route-error-boundary';
import { ErrorScreen } from './error-screen';

/** Spec §4 Connection Problem, shown in place of the page while the server cannot be reached. */
export function ServerUnreachable() {
  const [isChecking, setIsChecking] = useState(false);
  const retry = async () => {
    setIsChecking(true);
    try {
      // Reachable again: the page comes back and its failed reads start over.
      if (await reachability.check()) resetQueryErrors();
    } finally {
      setIsChecking(false);
    }
  };
  return (
    <ErrorScreen icon={CloudOff} title="Connection Problem" message={CONNECTION_PROBLEM_MESSAGE}>
      <Button onClick={() => void retry()} isLoading={isChecking}>
        Try Again
      </Button>
    </ErrorScreen>
  );
}
