import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { validateSignIn } from '@/lib/identity/credentials-validation';
import { requestPasswordReset } from '@/lib/identity/embedded-mail-requests';
import { AuthCard } from './auth-card';
import { describeIdentityError } from './identity-errors';

const linkClassName = 'font-medium text-brand-700 underline underline-offset-4 dark:text-brand-300';

/** Asks for a reset link by mail (embedded identity provider). */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const error = validateSignIn({ email, password: 'x' }).email;
    setEmailError(error);
    if (error) return;
    setIsSubmitting(true);
    try {
      const result = await requestPasswordReset(email.trim());
      if (result.error) setFormError(describeIdentityError(result.error));
      else setSentTo(email.trim());
    } catch {
      setFormError('We couldn’t reach the sign-in service. Check your connection and try again.');
    } finally {
      setIsSubmitting(false);
    }
  }

  if (sentTo) {
    return (
      <AuthCard title="Check your email" description="A reset link is on its way.">
        <div className="flex flex-col gap-4 text-sm">
          <p>
            If an account uses <strong>{sentTo}</strong>, we sent it a link to choose a new
            password. The link works once, within an hour.
          </p>
          {env.sandboxMailbox ? (
            <Alert title="No mail server is set up here">
              Mail is kept in the{' '}
              <a className={linkClassName} href="/sandbox/mail">
                sandbox mailbox
              </a>
              .
            </Alert>
          ) : null}
          <Link className={linkClassName} to={paths.login}>
            Back to sign in
          </Link>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Forgot your password?"
      description="Enter your account’s email and we’ll send you a link to choose a new one."
    >
      <form
        noValidate
        onSubmit={handleSubmit}
        className="flex flex-col gap-4"
        aria-label="Reset password"
      >
        {formError ? <Alert tone="danger" title={formError} /> : null}
        <FormField label="Email" error={emailError}>
          <Input
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </FormField>
        <Button type="submit" size="lg" isLoading={isSubmitting} className="w-full">
          Send reset link
        </Button>
        <p className="text-center text-sm">
          <Link className={linkClassName} to={paths.login}>
            Back to sign in
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}
