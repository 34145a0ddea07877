import { html, safeUrl, type HtmlFragment } from '../html';
import { prepareLayout } from '../mail-layout';
import type { Digest, DigestFigure } from './digest-model';

export type MailRecipient = {
  name: string;
  /** The one-click unsubscribe link for this kind of mail. */
  unsubscribeUrl: string;
  settingsUrl: string;
};

export type RenderedMail = { subject: string; html: string; text: string };

// Formatters made once: `toLocaleString` with options builds a new one on every call.
const dayFormatter = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const countFormatter = new Intl.NumberFormat('en-US');
const moneyFormatters = new Map<string, Intl.NumberFormat>();

function moneyFormatterOf(currency: string): Intl.NumberFormat {
  let formatter = moneyFormatters.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    moneyFormatters.set(currency, formatter);
  }
  return formatter;
}

const dayFormat = (day: string) => dayFormatter.format(new Date(`${day}T00:00:00Z`));

export function formatRange(range: { from: string; to: string }): string {
  return `${dayFormat(range.from)} – ${dayFormat(range.to)}`;
}

/** A figure as the dashboard shows it: whole counts, money with cents. */
export function formatFigure(
  figure: Pick<DigestFigure, 'format' | 'currency'>,
  value: number | null,
): string {
  if (value === null) return '—';
  if (figure.format === 'money') return moneyFormatterOf(figure.currency ?? 'USD').format(value);
  if (figure.format === 'rate') return `${(value * 100).toFixed(2)} %`;
  return countFormatter.format(Math.round(value));
}

export function formatChange(change: number | null): string {
  if (change === null) return '';
  const percent = Math.round(change * 1000) / 10;
  return `${percent > 0 ? '+' : percent < 0 ? '−' : '±'}${Math.abs(percent)} %`;
}

function figureRow(figure: DigestFigure): HtmlFragment {
  const tone = figure.change === null ? '' : figure.change >= 0 ? 'up' : 'down';
  return html`<tr data-figure="${figure.label}">
    <td>
      ${figure.label}${figure.note ? html`<br /><span class="muted">${figure.note}</span>` : null}
    </td>
    <td class="number" data-value="${figure.value === null ? '' : String(figure.value)}">
      ${formatFigure(figure, figure.value)}
    </td>
    <td class="number muted">${formatFigure(figure, figure.previous)}</td>
    <td class="number ${tone}">${formatChange(figure.change)}</td>
  </tr>`;
}

function renderContent(digest: Digest): HtmlFragment {
  const parts: HtmlFragment[] = [];
  if (!digest.hasData) {
    parts.push(
      html`<p>
        No figures this week yet: connect a platform or import a Spotify export or a statement, and
        next week's digest will have them.
      </p>`,
    );
  }
  if (digest.biggestChange) {
    parts.push(
      html`<p class="card-title">What changed most</p>
        <p>
          ${digest.biggestChange.text}${
            digest.biggestChange.reason
              ? html`<br /><span class="muted">${digest.biggestChange.reason}</span>`
              : null
          } <a href="${safeUrl(digest.biggestChange.url, digest.dashboardUrl)}">See it</a>
        </p>`,
    );
  }
  for (const section of digest.sections) {
    parts.push(
      html`<div data-section="${section.id}" style="margin:20px 0 0">
        <p class="card-title">${section.title}</p>
        ${
          section.period
            ? html`<p class="muted" style="margin:0 0 4px">${section.period}</p>`
            : null
        }
        <table class="figures" role="presentation" cellpadding="0" cellspacing="0">
          <tr>
            <th scope="col"></th>
            <th scope="col" style="text-align:right">This week</th>
            <th scope="col" style="text-align:right">Week before</th>
            <th scope="col" style="text-align:right">Change</th>
          </tr>
          ${section.figures.map(figureRow)}
        </table>
        <p style="margin:8px 0 0">
          <a href="${safeUrl(section.link.url, digest.dashboardUrl)}">${section.link.label}</a>
        </p>
      </div>`,
    );
  }
  if (digest.topItems.length > 0) {
    parts.push(
      html`<p class="card-title" style="margin-top:20px">Top three this week</p>
        <ol style="padding-left:20px;margin:0">
          ${digest.topItems.map(
            (item) =>
              html`<li style="margin:0 0 6px">
                <a href="${safeUrl(item.url, digest.dashboardUrl)}">${item.title}</a>
                <span class="muted"
                  >${item.platform} · ${formatFigure({ format: 'count' }, item.views)} views</span
                >
              </li>`,
          )}
        </ol>`,
    );
  }
  if (digest.milestones.length > 0) {
    parts.push(
      html`<p class="card-title" style="margin-top:20px">Milestones</p>
        <ul style="padding-left:20px;margin:0">
          ${digest.milestones.map(
            (milestone) => html`<li style="margin:0 0 6px">${milestone.text}</li>`,
          )}
        </ul>`,
    );
  }
  return html`${parts}`;
}

/** The text part between the greeting and the person's own links: the same for everyone. */
function renderTextBody(digest: Digest): string {
  const lines = [
    `${digest.organization.name}: your week on Crescendo, ${formatRange(digest.range)}${
      digest.range.previous ? `, against ${formatRange(digest.range.previous)}` : ''
    }.`,
    '',
  ];
  if (!digest.hasData) lines.push('No figures this week yet.', '');
  if (digest.biggestChange) {
    lines.push('What changed most', digest.biggestChange.text);
    if (digest.biggestChange.reason) lines.push(digest.biggestChange.reason);
    lines.push(digest.biggestChange.url, '');
  }
  for (const section of digest.sections) {
    lines.push(section.period ? `${section.title} (${section.period})` : section.title);
    for (const figure of section.figures) {
      const change = formatChange(figure.change);
      lines.push(
        `- ${figure.label}: ${formatFigure(figure, figure.value)} (week before ${formatFigure(figure, figure.previous)}${change ? `, ${change}` : ''})`,
      );
    }
    lines.push(section.link.url, '');
  }
  if (digest.topItems.length > 0) {
    lines.push('Top three this week');
    digest.topItems.forEach((item, index) =>
      lines.push(
        `${index + 1}. ${item.title} (${item.platform}, ${formatFigure({ format: 'count' }, item.views)} views)`,
        `   ${item.url}`,
      ),
    );
    lines.push('');
  }
  if (digest.milestones.length > 0) {
    lines.push('Milestones', ...digest.milestones.map((milestone) => `- ${milestone.text}`), '');
  }
  lines.push(`Open your dashboard: ${digest.dashboardUrl}`, '');
  return lines.join('\n');
}

/**
 * Renders an artist's digest once and answers a function that makes each member's mail from it:
 * only the greeting and the links to the person's settings and unsubscribe differ, so a run
 * mailing thousands renders the figures, the MJML layout and the text part once.
 */
export async function prepareDigestMail(
  digest: Digest,
): Promise<(recipient: MailRecipient) => RenderedMail> {
  const subject = `Your week on Crescendo: ${digest.organization.name}, ${formatRange(digest.range)}`;
  const withFooter = await prepareLayout({
    title: subject,
    preview: digest.biggestChange?.text ?? `Your figures for ${formatRange(digest.range)}`,
    heading: `${digest.organization.name}: your week`,
    subheading: `${formatRange(digest.range)}${digest.range.previous ? ` against ${formatRange(digest.range.previous)}` : ''}`,
    content: renderContent(digest),
    actionUrl: digest.dashboardUrl,
    actionLabel: 'Open your dashboard',
  });
  const textBody = renderTextBody(digest);
  return (recipient) => ({
    subject,
    html: withFooter(
      html`You get this weekly digest as a member of ${digest.organization.name}.
        <a href="${recipient.settingsUrl}">Settings → Notifications</a> ·
        <a href="${recipient.unsubscribeUrl}">Unsubscribe from the weekly digest</a>`,
    ),
    text: [
      `Hi ${recipient.name || 'there'},`,
      '',
      textBody,
      `Change what Crescendo mails you: ${recipient.settingsUrl}`,
      `Stop the weekly digest: ${recipient.unsubscribeUrl}`,
    ].join('\n'),
  });
}

export async function renderDigestMail(
  digest: Digest,
  recipient: MailRecipient,
): Promise<RenderedMail> {
  return (await prepareDigestMail(digest))(recipient);
}
