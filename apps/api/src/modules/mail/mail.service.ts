import nodemailer from 'nodemailer';
import type { Database } from '../../db/client';
import { insertMail } from './mail.repository';

export type MailMessage = {
  to: string;
  subject: string;
  /** The plain-text body; links on their own line work in every mail client. */
  text: string;
  /** The HTML part, beside the text part (multipart/alternative). */
  html?: string;
  /** Extra headers, e.g. `List-Unsubscribe` and `List-Unsubscribe-Post` (RFC 8058). */
  headers?: Record<string, string>;
};

export type SentMail = {
  transport: 'smtp' | 'sandbox';
  /** The sandbox mailbox's page for the message, or null when it went out by SMTP or the
   * mailbox is not served. */
  mailboxUrl: string | null;
};

export type Mailer = {
  transport: 'smtp' | 'sandbox';
  sendMail(message: MailMessage): Promise<SentMail>;
  close(): void;
};

type MailLogger = {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
};

export type MailerOptions = {
  db: Database;
  /** smtp:// or smtps:// URL; null keeps every message in the sandbox mailbox. */
  smtpUrl: string | null;
  /** Whether /sandbox/mail is served (APP_URL on this machine): only then does a log point at it. */
  isMailboxServed?: boolean;
  from: string;
  appUrl: string;
  logger: MailLogger;
};

export const mailboxPath = '/sandbox/mail';

/**
 * Sends the product's mail: over SMTP (nodemailer) when SMTP_URL is set, otherwise into the
 * sandbox mailbox (a table, so it survives restarts and every process shares it), with a log
 * line pointing at the message. Bodies never reach the log: they carry one-time links.
 */
export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    const transporter = nodemailer.createTransport(options.smtpUrl);
    return {
      transport: 'smtp',
      async sendMail(message) {
        const info = await transporter.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
          ...(message.headers ? { headers: message.headers } : {}),
        });
        options.logger.info(
          { mail: { to: message.to, subject: message.subject, messageId: info.messageId } },
          'Mail sent by SMTP',
        );
        return { transport: 'smtp', mailboxUrl: null };
      },
      close: () => transporter.close(),
    };
  }
  return {
    transport: 'sandbox',
    async sendMail(message) {
      const id = await insertMail(options.db, {
        fromAddress: options.from,
        toAddress: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
        headers: message.headers ?? {},
      });
      if (options.isMailboxServed === false) {
        options.logger.warn(
          { mail: { to: message.to, subject: message.subject } },
          'Mail not sent: SMTP_URL is not set, and the sandbox mailbox is served only when APP_URL is on this machine. Set SMTP_URL to send mail.',
        );
        return { transport: 'sandbox', mailboxUrl: null };
      }
      const mailboxUrl = `${options.appUrl}${mailboxPath}/${id}`;
      options.logger.info(
        { mail: { to: message.to, subject: message.subject, mailboxUrl } },
        `Mail kept in the sandbox mailbox (no SMTP_URL): open ${mailboxUrl}`,
      );
      return { transport: 'sandbox', mailboxUrl };
    },
    close: () => undefined,
  };
}
