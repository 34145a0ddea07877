import type { AlertKind } from '@crescendo/contracts';
import type { MailRecipient, RenderedMail } from './digest/render-digest';
import type { StoredEvent } from './events.repository';
import { html, safeUrl } from './html';
import { renderLayout } from './mail-layout';

export const alertKindNames: Record<AlertKind, string> = {
  spike: 'spikes',
  drop: 'drops',
  milestone: 'milestones',
  reconnect: 'connections that need reconnecting',
  import_failed: 'failed imports',
  statement_arrived: 'statements that arrived',
  payment_failed: 'failed payments',
  plan_lapsing: 'plans about to lapse',
  invitation_accepted: 'accepted invitations',
};

/** One mail for the alerts of one kind about one thing (grouped within a day). */
export async function renderAlertMail(
  input: { organizationName: string; kind: AlertKind; events: StoredEvent[]; appUrl: string },
  recipient: MailRecipient,
): Promise<RenderedMail> {
  const [first] = input.events;
  const subject =
    input.events.length === 1
      ? `${first!.title} · ${input.organizationName}`
      : `${input.events.length} updates: ${first!.title} · ${input.organizationName}`;
  const linkOf = (event: StoredEvent) =>
    safeUrl(event.link ? `${input.appUrl}${event.link}` : null, `${input.appUrl}/dashboard`);
  const htmlBody = await renderLayout({
    title: subject,
    preview: first!.body,
    heading: first!.title,
    subheading: input.organizationName,
    content: html`${input.events.map(
      (event) =>
        html`<div data-alert="${event.kind}" style="margin:0 0 16px">
          <p class="card-title">${event.title}</p>
          <p style="margin:0">${event.body}</p>
          <p style="margin:4px 0 0"><a href="${linkOf(event)}">Open on Crescendo</a></p>
        </div>`,
    )}`,
    actionUrl: linkOf(first!),
    actionLabel: 'Open Crescendo',
    footer: html`You get mail about ${alertKindNames[input.kind]} as a member of
      ${input.organizationName}. <a href="${recipient.settingsUrl}">Settings → Notifications</a> ·
      <a href="${recipient.unsubscribeUrl}">Unsubscribe from ${alertKindNames[input.kind]}</a>`,
  });
  const text = [
    `Hi ${recipient.name || 'there'},`,
    '',
    ...input.events.flatMap((event) => [event.title, event.body, linkOf(event), '']),
    `Change what Crescendo mails you: ${recipient.settingsUrl}`,
    `Stop mail about ${alertKindNames[input.kind]}: ${recipient.unsubscribeUrl}`,
  ].join('\n');
  return { subject, html: htmlBody, text };
}
