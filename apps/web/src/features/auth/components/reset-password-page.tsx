import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { validatePassword } from '@/lib/identity/credentials-validation';
import { resetPassword } from '@/lib/identity/embedded-mail-requests';
import { PasswordField } from '@/lib/identity/password-field';
import { AuthCard } from './auth-card';
import { describeIdentityError, expiredLinkMessage } from './identity-errors';

const linkClassName = 'font-medium text-brand-700 underline underline-offset-4 dark:text-brand-300';

function ExpiredLink() {
  return (
    <AuthCard title="This reset link can’t be used" description={expiredLinkMessage}>
      <div className="flex flex-col gap-3">
        <Button asChild size="lg" className="w-full">
          <Link to={paths.forgotPassword}>Send a new link</Link>
        </Button>
        <Link className={`${linkClassName} text-center text-sm`} to={paths.login}>
          Back to sign in
        </Link>
      </div>
    </AuthCard>
  );
}

/** The page a reset mail's link opens (after the identity provider checked its token). */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const [values, setValues] = useState({ password: '', confirmation: '' });
  const [errors, setErrors] = useState<{ password?: string; confirmation?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isExpired, setIsExpired] = useState(false);
  const [isDone, setIsDone] = useState(false);
  const [isSubmitting, setIsSubmitting] = useState(false);

  if (!token || searchParams.get('error') || isExpired) return <ExpiredLink />;

  if (isDone) {
    return (
      <AuthCard
        title="Password changed"
        description="Sign in with your new password. Every other session was signed out."
      >
        <Button asChild size="lg" className="w-full">
          <Link to={paths.login}>Sign in</Link>
        </Button>
      </AuthCard>
    );
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const nextErrors: typeof errors = {};
    const passwordError = validatePassword(values.password);
    if (passwordError) nextErrors.password = passwordError;
    if (!passwordError && values.password !== values.confirmation)
      nextErrors.confirmation = 'The two passwords don’t match.';
    setErrors(nextErrors);
    if (Object.keys(nextErrors).length > 0) return;
    setIsSubmitting(true);
    try {
      const result = await resetPassword({
        token: token!,
        newPassword: values.password,
      });
      if (!result.error) setIsDone(true);
      else if (result.error.code === 'INVALID_TOKEN') setIsExpired(true);
      else setFormError(describeIdentityError(result.error));
    } catch {
      setFormError('We couldn’t reach the sign-in service. Check your connection and try again.');
    } finally {
      setIsSubmitting(false);
    }
  }

  return (
    <AuthCard title="Choose a new password" description="You’ll use it to sign in from now on.">
      <form
        noValidate
        onSubmit={handleSubmit}
        className="flex flex-col gap-4"
        aria-label="Choose a new password"
      >
        {formError ? <Alert tone="danger" title={formError} /> : null}
        <PasswordField
          label="New password"
          name="password"
          isNew
          error={errors.password}
          value={values.password}
          onChange={(password) => setValues((current) => ({ ...current, password }))}
        />
        <PasswordField
          label="Repeat the new password"
          name="confirmation"
          isNew
          hint={null}
          error={errors.confirmation}
          value={values.confirmation}
          onChange={(confirmation) => setValues((current) => ({ ...current, confirmation }))}
        />
        <Button type="submit" size="lg" isLoading={isSubmitting} className="w-full">
          Change password
        </Button>
      </form>
    </AuthCard>
  );
}
