export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export type CredentialErrors = Partial<Record<'name' | 'email' | 'password', string>>;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateEmail(email: string): string | undefined {
  if (!email.trim()) return 'Enter your email address';
  if (!EMAIL_PATTERN.test(email.trim())) return 'Enter a valid email address, like you@label.com';
  return undefined;
}

export function validatePassword(password: string): string | undefined {
  if (!password) return 'Enter your password';
  if (password.length < PASSWORD_MIN_LENGTH)
    return `Use at least ${PASSWORD_MIN_LENGTH} characters for your password`;
  if (password.length > PASSWORD_MAX_LENGTH)
    return `Keep your password under ${PASSWORD_MAX_LENGTH + 1} characters`;
  return undefined;
}

export function validateSignIn(values: { email: string; password: string }): CredentialErrors {
  const errors: CredentialErrors = {};
  const email = validateEmail(values.email);
  if (email) errors.email = email;
  if (!values.password) errors.password = 'Enter your password';
  return errors;
}

export function validateSignUp(values: {
  name: string;
  email: string;
  password: string;
}): CredentialErrors {
  const errors: CredentialErrors = {};
  if (!values.name.trim()) errors.name = 'Tell us your artist or full name';
  else if (values.name.trim().length > 120) errors.name = 'Keep your name under 120 characters';
  const email = validateEmail(values.email);
  if (email) errors.email = email;
  const password = validatePassword(values.password);
  if (password) errors.password = password;
  return errors;
}
