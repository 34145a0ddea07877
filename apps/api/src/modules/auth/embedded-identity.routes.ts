import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorStatusByCode, type ErrorCode } from '@crescendo/contracts';
import type { EmbeddedAuth } from '../../identity/embedded';
import { AppError } from '../../lib/app-error';
import { retryAfterSecondsOf, type RateLimitStore } from '../../lib/rate-limit-store';

export type EmbeddedIdentityRoutesOptions = {
  auth: EmbeddedAuth;
  appUrl: string;
  signInFailuresPerWindow: number;
  windowSeconds: number;
  /** Counters shared by every API process. */
  rateLimitStore: RateLimitStore;
  /** Failed sign-ins one account may take from all addresses together per 15 minutes. */
  accountFailuresPer15Minutes: number;
};

/** Confirmation mails one account, and one address, may ask for per 15 minutes. */
export const verificationMailsPer15Minutes = { account: 3, address: 10 };
export const verificationMailLimitMessage =
  'Too many confirmation mails asked for. Wait a few minutes, then check your inbox and spam folder.';

/** Clearer words for the identity provider's own error codes, and the field each concerns. */
const identityErrorTexts: Record<string, { message: string; field?: string }> = {
  PASSWORD_TOO_SHORT: { message: 'Password must be at least 8 characters.', field: 'password' },
  PASSWORD_TOO_LONG: { message: 'Password must be at most 128 characters.', field: 'password' },
  INVALID_EMAIL: { message: 'Enter a valid email address.', field: 'email' },
  INVALID_EMAIL_OR_PASSWORD: { message: 'Incorrect email or password.' },
  INVALID_TOKEN: {
    message: 'This link has expired or was already used. Ask for a new one.',
    field: 'token',
  },
  USER_ALREADY_EXISTS: {
    message: 'An account with this email already exists. Sign in instead.',
    field: 'email',
  },
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: {
    message: 'An account with this email already exists. Sign in instead.',
    field: 'email',
  },
};

function codeForStatus(status: number): ErrorCode {
  const match = (Object.entries(errorStatusByCode) as [ErrorCode, number][]).find(
    ([code, mapped]) => mapped === status && code !== 'USE_IDENTITY_PROVIDER',
  );
  return match?.[0] ?? (status >= 500 ? 'INTERNAL' : 'BAD_REQUEST');
}

/** Hands a Fastify request to better-auth's fetch-style handler and copies the answer back. */
async function forwardToIdentityProvider(
  auth: EmbeddedAuth,
  appUrl: string,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<number> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  headers.set('x-forwarded-for', request.ip);
  const hasBody =
    request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined;
  if (hasBody) headers.set('content-type', 'application/json');
  headers.delete('content-length');
  const response = await auth.handler(
    new Request(new URL(request.url, appUrl), {
      method: request.method,
      headers,
      body: hasBody ? JSON.stringify(request.body) : undefined,
    }),
  );
  reply.status(response.status);
  response.headers.forEach((value, name) => {
    if (name === 'set-cookie' || name === 'content-length' || name === 'content-encoding') return;
    reply.header(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  const text = await response.text();
  if (response.status >= 400) {
    // Keep better-auth's own fields for its client, and add the wire error format.
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      body = {};
    }
    const known =
      body.code === 'INVALID_ORIGIN'
        ? {
            message: `Crescendo accepts sign-in only on its own address. Open ${appUrl} and try again there.`,
          }
        : typeof body.code === 'string'
          ? identityErrorTexts[body.code]
          : undefined;
    const message =
      known?.message ??
      (typeof body.message === 'string' && body.message
        ? body.message
        : 'The sign-in service refused the request.');
    const details = known?.field ? { fields: [{ field: known.field, message }] } : undefined;
    reply.type('application/json; charset=utf-8');
    reply.send({
      ...body,
      message,
      error: { code: codeForStatus(response.status), message, ...(details ? { details } : {}) },
    });
    return response.status;
  }
  reply.send(text.length ? withoutSessionToken(request.url, text) : undefined);
  return response.status;
}

/**
 * better-auth puts the session token in the sign-in and sign-up bodies as well as in the HttpOnly
 * cookie; the web app only needs the cookie, and a token in a body is readable by any script.
 */
function withoutSessionToken(url: string, text: string): string {
  if (!/^\/api\/auth\/sign-(in|up)\//.test(url)) return text;
  try {
    const body = JSON.parse(text) as unknown;
    if (typeof body !== 'object' || body === null || !('token' in body)) return text;
    const { token: _token, ...rest } = body as Record<string, unknown>;
    return JSON.stringify(rest);
  } catch {
    return text;
  }
}

/** The embedded identity provider (better-auth) under `/api/auth/*`. */
export async function embeddedIdentityRoutes(
  app: FastifyInstance,
  options: EmbeddedIdentityRoutesOptions,
) {
  const windowMs = options.windowSeconds * 1000;
  const accountWindowMs = 15 * 60_000;
  const store = options.rateLimitStore;

  app.post('/api/auth/sign-in/email', { schema: { hide: true } }, async (request, reply) => {
    const email = String(
      (request.body as { email?: unknown } | undefined)?.email ?? '',
    ).toLowerCase();
    // Failures per address and account, attempts per address, and failures per account from
    // every address together (many addresses must not try one account without limit).
    const keys = {
      addressAccount: `sign-in-failures:${request.ip}|${email}`,
      address: `sign-in-attempts:${request.ip}`,
      account: `sign-in-account-failures:${email}`,
    };
    const [addressAccount, address, account] = await Promise.all([
      store.peek(keys.addressAccount, windowMs),
      store.hit(keys.address, windowMs),
      store.peek(keys.account, accountWindowMs),
    ]);
    const waitSeconds = Math.max(
      retryAfterSecondsOf(
        { ...addressAccount, count: addressAccount.count + 1 },
        options.signInFailuresPerWindow,
      ),
      retryAfterSecondsOf(address, options.signInFailuresPerWindow * 6),
      retryAfterSecondsOf(
        { ...account, count: account.count + 1 },
        options.accountFailuresPer15Minutes,
      ),
    );
    if (waitSeconds > 0) {
      throw new AppError(
        'RATE_LIMITED',
        'Too many sign-in attempts. Wait a minute and try again.',
        {
          retryAfterSeconds: waitSeconds,
        },
      );
    }
    const status = await forwardToIdentityProvider(options.auth, options.appUrl, request, reply);
    if (status === 401 || status === 403) {
      await Promise.all([
        store.hit(keys.addressAccount, windowMs),
        store.hit(keys.account, accountWindowMs),
      ]);
    }
    return reply;
  });

  // A confirmation mail on request ("Resend"): a few per account and per address, so the button
  // cannot be used to flood someone's inbox.
  app.post(
    '/api/auth/send-verification-email',
    { schema: { hide: true } },
    async (request, reply) => {
      const email = String(
        (request.body as { email?: unknown } | undefined)?.email ?? '',
      ).toLowerCase();
      const [account, address] = await Promise.all([
        store.hit(`verification-mail:${email}`, accountWindowMs),
        store.hit(`verification-mail-address:${request.ip}`, accountWindowMs),
      ]);
      const waitSeconds = Math.max(
        retryAfterSecondsOf(account, verificationMailsPer15Minutes.account),
        retryAfterSecondsOf(address, verificationMailsPer15Minutes.address),
      );
      if (waitSeconds > 0) {
        throw new AppError('RATE_LIMITED', verificationMailLimitMessage, {
          retryAfterSeconds: waitSeconds,
        });
      }
      await forwardToIdentityProvider(options.auth, options.appUrl, request, reply);
      return reply;
    },
  );

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    handler: async (request, reply) => {
      await forwardToIdentityProvider(options.auth, options.appUrl, request, reply);
      return reply;
    },
  });
}
