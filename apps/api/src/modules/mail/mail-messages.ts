import type { MailMessage } from './mail.service';

/** The words of the identity mails, in one place. Links sit on their own line. */
export function buildPasswordResetMail(input: {
  to: string;
  name: string;
  url: string;
  validForMinutes: number;
}): MailMessage {
  return {
    to: input.to,
    subject: 'Reset your Crescendo password',
    text: [
      `Hi ${input.name || 'there'},`,
      '',
      'Someone (hopefully you) asked to reset the password of your Crescendo account.',
      `Open this link within ${input.validForMinutes} minutes to choose a new one. It works once.`,
      '',
      input.url,
      '',
      'If you did not ask for this, ignore this message: your password stays as it is.',
    ].join('\n'),
  };
}

export function buildEmailVerificationMail(input: {
  to: string;
  name: string;
  url: string;
  validForHours: number;
}): MailMessage {
  return {
    to: input.to,
    subject: 'Confirm your email for Crescendo',
    text: [
      `Hi ${input.name || 'there'},`,
      '',
      'Thanks for joining Crescendo. Confirm this is your email address by opening this link',
      `within ${input.validForHours} hours:`,
      '',
      input.url,
      '',
      'If you did not sign up, ignore this message.',
    ].join('\n'),
  };
}

export function buildInvitationMail(input: {
  to: string;
  inviterName: string;
  organizationName: string;
  role: 'manager' | 'viewer' | 'owner';
  url: string;
  validForDays: number;
}): MailMessage {
  const access =
    input.role === 'viewer'
      ? 'see its numbers'
      : input.role === 'manager'
        ? 'see its numbers and help run it'
        : 'run it with them';
  return {
    to: input.to,
    subject: `${input.inviterName} invited you to ${input.organizationName} on Crescendo`,
    text: [
      'Hi there,',
      '',
      `${input.inviterName} invited you to join ${input.organizationName} on Crescendo as ${input.role === 'owner' ? 'an owner' : `a ${input.role}`}, so you can ${access}.`,
      `Open this link within ${input.validForDays} days to accept. It works once; sign in or create an account with this address (${input.to}).`,
      '',
      input.url,
      '',
      'If you were not expecting this, ignore this message.',
    ].join('\n'),
  };
}

/** Sent when an admin approves a waitlist entry: the promise the pending page makes. */
export function buildWaitlistApprovedMail(input: {
  to: string;
  name: string | null;
  url: string;
}): MailMessage {
  return {
    to: input.to,
    subject: 'Your Crescendo dashboard is ready',
    text: [
      `Hi ${input.name?.trim() || 'there'},`,
      '',
      'You are off the waitlist: your Crescendo dashboard is ready.',
      'Sign in to set up your artist profile and connect your platforms:',
      '',
      input.url,
      '',
      'See you there.',
    ].join('\n'),
  };
}
