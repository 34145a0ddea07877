import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { PasswordField } from './password-field';

function Harness({ isNew, error }: { isNew: boolean; error?: string }) {
  const [value, setValue] = useState('');
  return (
    <PasswordField
      label="New password"
      name="password"
      isNew={isNew}
      value={value}
      onChange={setValue}
      error={error}
    />
  );
}

describe('PasswordField', () => {
  it('hides the password until Show is pressed, and hides it again with Hide', () => {
    render(<Harness isNew />);
    const input = screen.getByLabelText('New password') as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'the-new-passphrase' } });
    expect(input.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(input.type).toBe('text');
    expect(input.value).toBe('the-new-passphrase');
    expect(screen.getByRole('button', { name: 'Hide' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Hide' }));
    expect(input.type).toBe('password');
  });

  it('states the length rule for a new password, and its error, both read with the field', () => {
    render(<Harness isNew error="Use at least 8 characters for your password" />);
    const input = screen.getByLabelText('New password');
    expect(input.getAttribute('autocomplete')).toBe('new-password');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (input.getAttribute('aria-describedby') ?? '').split(' ');
    const texts = describedBy.map((id) => document.getElementById(id)?.textContent);
    expect(texts).toEqual(['8–128 characters.', 'Use at least 8 characters for your password']);
  });

  it('a current password has no length rule and completes as the current password', () => {
    render(<Harness isNew={false} />);
    const input = screen.getByLabelText('New password');
    expect(input.getAttribute('autocomplete')).toBe('current-password');
    expect(input.getAttribute('aria-describedby')).toBeNull();
  });
});
