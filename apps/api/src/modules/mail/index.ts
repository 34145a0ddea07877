/**
 * The mail module's public surface. Other modules send mail only through a `Mailer`
 * (`app.mailer.sendMail({ to, subject, text })`), never through nodemailer or the table.
 */
export {
  createMailer,
  mailboxPath,
  type Mailer,
  type MailMessage,
  type MailerOptions,
  type SentMail,
} from './mail.service';
export {
  buildEmailVerificationMail,
  buildInvitationMail,
  buildPasswordResetMail,
  buildWaitlistApprovedMail,
} from './mail-messages';
export { mailboxRoutes } from './mailbox.routes';
