import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxMail } from '../../db/schema/mail';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { databaseTargets } from '../../testing/test-database';

describe.each(databaseTargets)('sandbox mailbox on %s', (target) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp(target, { captureLogs: true });
  });
  afterAll(async () => testApp.close());

  it('keeps mail in the database, lists it newest first and opens each message', async () => {
    expect(testApp.app.mailer.transport).toBe('sandbox');
    const first = await testApp.app.mailer.sendMail({
      to: 'juniper@example.com',
      subject: 'First <hello>',
      text: 'Open https://example.com/a?b=1&c=2 now.\nSecond line.',
    });
    const second = await testApp.app.mailer.sendMail({
      to: 'nora@example.com',
      subject: 'Second',
      text: 'Nothing to click.',
    });
    expect(first.mailboxUrl).toMatch(/^http:\/\/localhost:3000\/sandbox\/mail\/[0-9a-f-]{36}$/);

    const list = await testApp.app.inject({ method: 'GET', url: '/sandbox/mail' });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toContain('text/html');
    const body = list.body;
    expect(body.indexOf('Second')).toBeLessThan(body.indexOf('First &lt;hello&gt;'));
    expect(body).not.toContain('<hello>');
    const firstPath = new URL(first.mailboxUrl!).pathname;
    expect(body).toContain(`href="${firstPath}"`);

    const message = await testApp.app.inject({ method: 'GET', url: firstPath });
    expect(message.statusCode).toBe(200);
    expect(message.body).toContain('To juniper@example.com');
    expect(message.body).toContain(
      '<a href="https://example.com/a?b=1&amp;c=2">https://example.com/a?b=1&amp;c=2</a>',
    );
    expect(second.transport).toBe('sandbox');

    // The log points at the message and never carries its body (bodies hold one-time links).
    const logLine = testApp.logs.find((line) => line.includes(first.mailboxUrl!));
    expect(logLine).toContain('sandbox mailbox');
    expect(testApp.logs.join('\n')).not.toContain('example.com/a?b=1');
  });

  it('answers 404 for an unknown or malformed message id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const response = await testApp.app.inject({ method: 'GET', url: `/sandbox/mail/${id}` });
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('No such message');
    }
  });
});

describe.each(databaseTargets)('sandbox mailbox off this machine on %s', (target) => {
  let testApp: TestApp;
  beforeAll(async () => {
    // A deployment without SMTP_URL on a public host: anyone could read every reset link there.
    testApp = await buildTestApp(target, {
      captureLogs: true,
      env: { APP_URL: 'https://crescendo.example.com' },
    });
  });
  afterAll(async () => testApp.close());

  it('serves no mailbox pages, points no log at them, and tells the operator to set SMTP_URL', async () => {
    expect(testApp.config.mail.isMailboxServed).toBe(false);
    const sent = await testApp.app.mailer.sendMail({
      to: 'juniper@example.com',
      subject: 'Reset your password',
      text: 'Open https://crescendo.example.com/reset-password?token=secret-token now.',
    });
    expect(sent.mailboxUrl).toBeNull();
    // What the product logged about the message (the requests below log their own URLs).
    const logs = testApp.logs.join('\n');
    const list = await testApp.app.inject({ method: 'GET', url: '/sandbox/mail' });
    expect(list.statusCode).toBe(404);
    expect(list.body).not.toContain('Reset your password');
    const [stored] = await testApp.database.db.select().from(sandboxMail);
    const message = await testApp.app.inject({ method: 'GET', url: `/sandbox/mail/${stored!.id}` });
    expect(message.statusCode).toBe(404);
    expect(message.body).not.toContain('secret-token');
    expect(testApp.logs.join('\n')).not.toContain('secret-token');
    expect(logs).toContain('Set SMTP_URL to send mail');
    expect(logs).not.toContain('secret-token');
    expect(logs).not.toContain('/sandbox/mail');
  });
});

/** Just enough of an SMTP server to receive one message (RFC 5321's happy path). */
async function startSmtpServer(): Promise<{
  port: number;
  received: Promise<{ from: string; to: string[]; data: string }>;
  close(): Promise<void>;
}> {
  let deliver: (mail: { from: string; to: string[]; data: string }) => void = () => undefined;
  const received = new Promise<{ from: string; to: string[]; data: string }>((resolve) => {
    deliver = resolve;
  });
  const server = net.createServer((socket) => {
    let buffer = '';
    let isData = false;
    let data = '';
    let from = '';
    const to: string[] = [];
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      if (isData) {
        const end = buffer.indexOf('\r\n.\r\n');
        if (end === -1) return;
        data = buffer.slice(0, end);
        buffer = buffer.slice(end + 5);
        isData = false;
        socket.write('250 OK queued\r\n');
        deliver({ from, to, data });
      }
      let newline: number;
      while (!isData && (newline = buffer.indexOf('\r\n')) !== -1) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const command = line.slice(0, 4).toUpperCase();
        if (command === 'EHLO' || command === 'HELO') socket.write('250 test\r\n');
        else if (command === 'MAIL') {
          from = line;
          socket.write('250 OK\r\n');
        } else if (command === 'RCPT') {
          to.push(line);
          socket.write('250 OK\r\n');
        } else if (command === 'DATA') {
          isData = true;
          socket.write('354 go ahead\r\n');
        } else if (command === 'QUIT') {
          socket.end('221 bye\r\n');
        } else socket.write('250 OK\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('SMTP', () => {
  it('sends through SMTP_URL with MAIL_FROM, and keeps no mailbox', async () => {
    const smtp = await startSmtpServer();
    const testApp = await buildTestApp('pglite', {
      env: {
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        MAIL_FROM: 'Crescendo <hello@crescendo.test>',
      },
    });
    try {
      expect(testApp.app.mailer.transport).toBe('smtp');
      const sent = await testApp.app.mailer.sendMail({
        to: 'juniper@example.com',
        subject: 'Hello over SMTP',
        text: 'A real message.',
      });
      expect(sent).toEqual({ transport: 'smtp', mailboxUrl: null });
      const mail = await smtp.received;
      expect(mail.from).toContain('hello@crescendo.test');
      expect(mail.to.join()).toContain('juniper@example.com');
      expect(mail.data).toContain('Subject: Hello over SMTP');
      expect(mail.data).toContain('A real message.');
      expect((await testApp.app.inject({ method: 'GET', url: '/sandbox/mail' })).statusCode).toBe(
        404,
      );
    } finally {
      await testApp.close();
      await smtp.close();
    }
  });

  it('refuses a malformed SMTP_URL at start-up', async () => {
    await expect(buildTestApp('pglite', { env: { SMTP_URL: 'mail.example.com' } })).rejects.toThrow(
      'Invalid configuration: SMTP_URL must be an smtp:// or smtps:// URL',
    );
  });
});
