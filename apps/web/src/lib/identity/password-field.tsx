import { useState, type ReactNode } from 'react';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './credentials-validation';

/** The length rule a new password is held to, as its field's hint says it. */
export const PASSWORD_LENGTH_HINT = `${PASSWORD_MIN_LENGTH}–${PASSWORD_MAX_LENGTH} characters.`;

type PasswordInputProps = {
  name: string;
  autoComplete: 'current-password' | 'new-password';
  value: string;
  onChange: (value: string) => void;
  // Set by FormField: the label's id, the hint and error it describes, the error state.
  id?: string;
  hasError?: boolean;
  'aria-describedby'?: string;
};

function PasswordInput({ onChange, ...props }: PasswordInputProps) {
  const [isShown, setIsShown] = useState(false);
  return (
    <div className="relative">
      <Input
        {...props}
        type={isShown ? 'text' : 'password'}
        // The length rule is the form's to say (with its message); the browser's would differ.
        className="pr-16"
        onChange={(event) => onChange(event.target.value)}
      />
      <button
        type="button"
        aria-controls={props.id}
        aria-pressed={isShown}
        onClick={() => setIsShown((shown) => !shown)}
        className={cn(
          'absolute inset-y-1 right-1 rounded-md px-2.5 text-xs font-medium text-zinc-700 hover:bg-zinc-100',
          'focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-zinc-300 dark:hover:bg-zinc-800',
        )}
      >
        {isShown ? 'Hide' : 'Show'}
      </button>
    </div>
  );
}

/**
 * The one password field of the sign-in, sign-up and reset forms: label, show/hide, the length
 * rule as a hint for a new password, and the form's message for what is wrong.
 */
export function PasswordField({
  label,
  name,
  isNew,
  value,
  onChange,
  error,
  hint,
}: {
  label: string;
  name: string;
  /** A password being chosen (sign-up, reset): `new-password`, and the length rule as its hint. */
  isNew: boolean;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  /** Replaces the length rule (null: none), or adds a hint to a current password (a reset link). */
  hint?: ReactNode;
}) {
  return (
    <FormField
      label={label}
      hint={hint === undefined ? (isNew ? PASSWORD_LENGTH_HINT : undefined) : hint}
      error={error}
    >
      <PasswordInput
        name={name}
        autoComplete={isNew ? 'new-password' : 'current-password'}
        value={value}
        onChange={onChange}
      />
    </FormField>
  );
}
