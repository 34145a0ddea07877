import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useIdentityAdapter } from '@/lib/identity/adapter-context';
import { useResendVerification } from '@/lib/identity/use-resend-verification';

/**
 * "Confirm your email" across the signed-in app until the address is confirmed (the embedded
 * identity; Clerk confirms addresses itself). Sign-in does not wait for it (decision 0013), so
 * the notice stays until the link in the mail is opened; "Resend" mails a new one, a few times
 * per quarter hour (the API limits it).
 */
export function EmailVerificationBanner({ className = 'mb-6' }: { className?: string }) {
  const { user } = useIdentityAdapter().useIdentity();
  const { resend, isSending } = useResendVerification();
  if (!user || user.isEmailVerified !== false) return null;
  return (
    <Alert
      title="Confirm your email"
      className={className}
      action={
        <Button
          variant="secondary"
          size="sm"
          isLoading={isSending}
          onClick={() => void resend(user.email)}
        >
          Resend
        </Button>
      }
    >
      We sent a link to {user.email}. Open it to confirm your address.
    </Alert>
  );
}
