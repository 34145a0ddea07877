/**
 * The web app's runtime configuration: the API writes it into index.html as
 * `<meta name="crescendo-config" content="{JSON}">` (plugins/web-app.ts) and the web reads it
 * (config/env.ts, checked by hand there: zod would cost the entry bundle ~15 KB gz). One type for
 * both ends, so a field added on one side fails to compile on the other until it is handled.
 */
export type WebRuntimeConfig = {
  identityProvider: 'embedded' | 'clerk';
  clerkPublishableKey: string | null;
  waitlistMode: 'approval' | 'open';
  sentryDsn: string | null;
  sentryEnvironment: string;
  release: string;
  productionHost: string;
  sandbox: boolean;
  /** Mail is kept in the sandbox mailbox at /sandbox/mail (no SMTP_URL). */
  sandboxMailbox: boolean;
  /** A public demo (SANDBOX_PUBLIC=true): every page says payments and platforms are simulated. */
  sandboxDemo: boolean;
};
