import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { findMail, listMail, type StoredMail } from './mail.repository';
import { mailboxPath } from './mail.service';

const listLimit = 200;

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Escapes the text body and makes its http(s) links clickable. */
function renderText(text: string): string {
  return text
    .split(/(https?:\/\/[^\s<>"']+)/g)
    .map((part, index) =>
      index % 2 === 1 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part),
    )
    .join('');
}

const styles = `
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; }
  body { margin: 0 auto; max-width: 48rem; padding: 1.5rem 1rem; line-height: 1.5; }
  a { color: #6d28d9; } .meta { color: #52525b; }
  @media (prefers-color-scheme: dark) { a { color: #c4b5fd; } .meta { color: #a1a1aa; } }
  ul { list-style: none; padding: 0; } li { border-bottom: 1px solid #8884; padding: .75rem 0; }
  .meta { font-size: .875rem; } pre { white-space: pre-wrap; word-break: break-word;
  font: inherit; }
  dl.headers { display: grid; grid-template-columns: max-content 1fr; gap: .25rem .75rem;
  font-size: .875rem; margin: 0 0 1rem; } dl.headers dt { font-weight: 600; }
  dl.headers dd { margin: 0; word-break: break-all; }
  iframe.html-part { width: 100%; height: 70vh; border: 1px solid #8886; border-radius: .5rem;
  background: #fff; } `;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · Crescendo sandbox</title><style>${styles}</style></head><body><main>${body}</main></body></html>`;
}

function formatDate(date: Date): string {
  return date.toISOString().replace('T', ' ').slice(0, 16) + ' UTC';
}

function renderList(mails: StoredMail[]): string {
  const items = mails
    .map(
      (mail) =>
        `<li><a href="${mailboxPath}/${mail.id}">${escapeHtml(mail.subject)}</a><div class="meta">To ${escapeHtml(mail.toAddress)} · ${formatDate(mail.createdAt)}</div></li>`,
    )
    .join('');
  return page(
    'Mailbox',
    `<h1>Sandbox mailbox</h1><p class="meta">Mail Crescendo sent while no SMTP server is configured (set SMTP_URL to send real mail). Newest first.</p>${
      mails.length ? `<ul aria-label="Messages">${items}</ul>` : '<p>No mail yet.</p>'
    }`,
  );
}

function renderHeaders(headers: Record<string, string>): string {
  const entries = Object.entries(headers);
  if (entries.length === 0) return '';
  return `<h2>Headers</h2><dl class="headers" aria-label="Headers">${entries
    .map(([name, value]) => `<dt>${escapeHtml(name)}</dt><dd>${escapeHtml(value)}</dd>`)
    .join('')}</dl>`;
}

function renderMail(mail: StoredMail): string {
  // The HTML part is shown in a sandboxed frame (no scripts, its own opaque origin), from a
  // route with its own strict content security policy; the text part below it.
  const htmlPart = mail.html
    ? `<h2>HTML part</h2><iframe class="html-part" title="HTML part" sandbox="allow-popups allow-popups-to-escape-sandbox" src="${mailboxPath}/${mail.id}/html"></iframe><h2>Text part</h2>`
    : '';
  return page(
    mail.subject,
    `<p><a href="${mailboxPath}">← All mail</a></p><h1>${escapeHtml(mail.subject)}</h1><p class="meta">From ${escapeHtml(mail.fromAddress)}<br>To ${escapeHtml(mail.toAddress)}<br>${formatDate(mail.createdAt)}</p>${renderHeaders(mail.headers ?? {})}${htmlPart}<pre>${renderText(mail.text)}</pre>`,
  );
}

/** The HTML part as sent: no script runs (CSP and the frame's sandbox), links open outside. */
const htmlPartPolicy =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data: https: http:; font-src https: data:; frame-ancestors 'self'; base-uri 'none'; form-action 'none'";

/** The sandbox mailbox's pages: registered only while mail is not sent by SMTP. */
export async function mailboxRoutes(app: FastifyInstance, options: { db: Database }) {
  app.get(mailboxPath, { schema: { hide: true } }, async (_request, reply) => {
    const mails = await listMail(options.db, listLimit);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(renderList(mails));
  });
  app.get(`${mailboxPath}/:id`, { schema: { hide: true } }, async (request, reply) => {
    const parsed = z.object({ id: z.uuid() }).safeParse(request.params);
    const mail = parsed.success ? await findMail(options.db, parsed.data.id) : null;
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    if (!mail) {
      return reply
        .status(404)
        .send(
          page(
            'Not found',
            `<h1>No such message</h1><p><a href="${mailboxPath}">← All mail</a></p>`,
          ),
        );
    }
    return reply.send(renderMail(mail));
  });
  app.get(`${mailboxPath}/:id/html`, { schema: { hide: true } }, async (request, reply) => {
    const parsed = z.object({ id: z.uuid() }).safeParse(request.params);
    const mail = parsed.success ? await findMail(options.db, parsed.data.id) : null;
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', htmlPartPolicy)
      .header('x-frame-options', 'SAMEORIGIN');
    if (!mail?.html) return reply.status(404).send('<p>No HTML part</p>');
    return reply.send(mail.html);
  });
}
