import { describe, expect, it } from 'vitest';
import { validateSignIn, validateSignUp } from './credentials-validation';

describe('credential validation', () => {
  it('asks for a valid email and a password on sign-in', () => {
    expect(validateSignIn({ email: '', password: '' })).toEqual({
      email: 'Enter your email address',
      password: 'Enter your password',
    });
    expect(validateSignIn({ email: 'nope', password: 'x' }).email).toMatch(/valid email/);
  });

  it('enforces 8–128 character passwords on sign-up', () => {
    expect(validateSignUp({ name: 'N', email: 'a@b.co', password: 'short' }).password).toMatch(
      /at least 8/,
    );
    expect(
      validateSignUp({ name: 'N', email: 'a@b.co', password: 'x'.repeat(129) }).password,
    ).toMatch(/under 129/);
    expect(validateSignUp({ name: 'N', email: 'a@b.co', password: 'x'.repeat(8) })).toEqual({});
    expect(
      validateSignUp({ name: ' ', email: 'a@b.co', password: 'x'.repeat(128) }).name,
    ).toBeDefined();
  });
});
