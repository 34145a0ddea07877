import { invoiceRetentionYears } from '@crescendo/contracts';
import type { MailMessage } from '../mail';

function listNames(names: string[]): string[] {
  return names.map((name) => `  - ${name}`);
}

/** Confirms an account deletion: what went, what was kept and why. */
export function buildAccountDeletedMail(input: {
  to: string;
  name: string;
  deletedOrganizations: string[];
  leftOrganizations: string[];
  keptInvoices: number;
  identityMessage: string;
  statusUrl: string;
}): MailMessage {
  const lines = [
    `Hi ${input.name || 'there'},`,
    '',
    'Your Crescendo account has been deleted, as you asked.',
    '',
  ];
  if (input.deletedOrganizations.length > 0) {
    lines.push(
      'These artists, which only you owned, were deleted with all their data (analytics, imports, campaigns, assistant conversations, share links and invitations):',
      ...listNames(input.deletedOrganizations),
      '',
    );
  }
  if (input.leftOrganizations.length > 0) {
    lines.push(
      'You left these artists; their other owners keep their data:',
      ...listNames(input.leftOrganizations),
      '',
    );
  }
  lines.push(
    'Access you had given Crescendo to YouTube and Meta was revoked at Google and Meta.',
    input.identityMessage,
    '',
    input.keptInvoices > 0
      ? `Kept: ${input.keptInvoices} invoice${input.keptInvoices === 1 ? '' : 's'}, for ${invoiceRetentionYears} years, because tax and accounting law require it. They no longer name you or the artist.`
      : 'Nothing was kept: there were no invoices that the law requires us to keep.',
    '',
    'The status of this deletion:',
    input.statusUrl,
  );
  return {
    to: input.to,
    subject: 'Your Crescendo account has been deleted',
    text: lines.join('\n'),
  };
}

export function buildOrganizationDeletedMail(input: {
  to: string;
  name: string;
  organizationName: string;
  keptInvoices: number;
}): MailMessage {
  return {
    to: input.to,
    subject: `${input.organizationName} has been deleted from Crescendo`,
    text: [
      `Hi ${input.name || 'there'},`,
      '',
      `${input.organizationName} and all its data (analytics, imports, campaigns, assistant conversations, share links and invitations) have been deleted, as you asked. Its platform connections were revoked at Google and Meta.`,
      '',
      input.keptInvoices > 0
        ? `Kept: ${input.keptInvoices} invoice${input.keptInvoices === 1 ? '' : 's'}, for ${invoiceRetentionYears} years, because tax and accounting law require it, without the artist's name.`
        : 'Nothing was kept: there were no invoices that the law requires us to keep.',
    ].join('\n'),
  };
}
