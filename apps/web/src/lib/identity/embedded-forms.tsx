import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { embeddedAuthClient } from './embedded-client';
import { validateSignIn, validateSignUp, type CredentialErrors } from './credentials-validation';
import { PasswordField } from './password-field';
import type { SignInProps, SignUpProps } from './types';

function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div
      role="alert"
      className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/60 dark:text-red-200"
    >
      {message}
    </div>
  );
}

function describeAuthError(error: { message?: string; status?: number; code?: string }): string {
  if (error.status === 401 || error.code === 'INVALID_EMAIL_OR_PASSWORD')
    return 'That email and password don’t match. Check them and try again.';
  if (error.code === 'USER_ALREADY_EXISTS' || error.status === 422)
    return 'An account with this email already exists. Sign in instead.';
  if (error.status === 429) return 'Too many attempts. Take a breath and try again in a minute.';
  return error.message || 'We couldn’t reach the sign-in service. Please try again.';
}

/** The embedded provider's own sign-in component. */
export function EmbeddedSignIn({ signUpHref }: SignInProps) {
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<CredentialErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const nextErrors = validateSignIn(values);
    setErrors(nextErrors);
    setFormError(null);
    if (Object.keys(nextErrors).length > 0) return;
    setIsSubmitting(true);
    try {
      const { error } = await embeddedAuthClient.signIn.email({
        email: values.email.trim(),
        password: values.password,
      });
      if (error) setFormError(describeAuthError(error));
    } catch {
      setFormError('We couldn’t reach the sign-in service. Please try again.');
    } finally {
      setIsSubmitting(false);
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4" aria-label="Sign in">
      <FormAlert message={formError} />
      <FormField label="Email" error={errors.email}>
        <Input
          name="email"
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={(event) => setValues((current) => ({ ...current, email: event.target.value }))}
        />
      </FormField>
      <PasswordField
        label="Password"
        name="password"
        isNew={false}
        hint={
          <Link
            to={paths.forgotPassword}
            className="font-medium text-brand-700 underline underline-offset-4 dark:text-brand-300"
          >
            Forgot your password?
          </Link>
        }
        error={errors.password}
        value={values.password}
        onChange={(password) => setValues((current) => ({ ...current, password }))}
      />
      <Button type="submit" size="lg" isLoading={isSubmitting} className="w-full">
        Sign in
      </Button>
      <p className="text-center text-sm text-zinc-600 dark:text-zinc-400">
        New to Crescendo?{' '}
        <Link
          to={signUpHref ?? paths.register}
          className="font-medium text-brand-700 underline-offset-4 hover:underline dark:text-brand-300"
        >
          Create an account
        </Link>
      </p>
    </form>
  );
}

/** The embedded provider's own sign-up component. */
export function EmbeddedSignUp({ afterSignUpPath, signInHref }: SignUpProps) {
  const navigate = useNavigate();
  const [values, setValues] = useState({ name: '', email: '', password: '' });
  const [errors, setErrors] = useState<CredentialErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const nextErrors = validateSignUp(values);
    setErrors(nextErrors);
    setFormError(null);
    if (Object.keys(nextErrors).length > 0) return;
    setIsSubmitting(true);
    try {
      const { error } = await embeddedAuthClient.signUp.email(
        { name: values.name.trim(), email: values.email.trim(), password: values.password },
        { isSessionReadDeferred: true },
      );
      if (error) {
        setFormError(describeAuthError(error));
        return;
      }
      // On to registration first, then read the new session: never a race with /register's
      // "already signed in" redirect.
      try {
        await navigate(afterSignUpPath, { replace: true });
      } finally {
        void embeddedAuthClient.refreshSession();
      }
    } catch {
      setFormError('We couldn’t reach the sign-up service. Please try again.');
    } finally {
      setIsSubmitting(false);
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4" aria-label="Sign up">
      <FormAlert message={formError} />
      <FormField label="Artist or full name" error={errors.name}>
        <Input
          name="name"
          autoComplete="name"
          value={values.name}
          onChange={(event) => setValues((current) => ({ ...current, name: event.target.value }))}
        />
      </FormField>
      <FormField label="Email" error={errors.email}>
        <Input
          name="email"
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={(event) => setValues((current) => ({ ...current, email: event.target.value }))}
        />
      </FormField>
      <PasswordField
        label="Password"
        name="password"
        isNew
        error={errors.password}
        value={values.password}
        onChange={(password) => setValues((current) => ({ ...current, password }))}
      />
      <Button type="submit" size="lg" isLoading={isSubmitting} className="w-full">
        Create account
      </Button>
      <p className="text-center text-sm text-zinc-600 dark:text-zinc-400">
        Already have an account?{' '}
        <Link
          to={signInHref ?? paths.login}
          className="font-medium text-brand-700 underline-offset-4 hover:underline dark:text-brand-300"
        >
          Sign in
        </Link>
      </p>
    </form>
  );
}
