import type { FastifyReply } from 'fastify';
import { escapeHtml } from '../http';
import { PERSONAS, PERSONA_IDS } from '../personas/definitions';

type ConsentPageInput = {
  provider: 'Google' | 'Facebook' | 'TikTok';
  action: string;
  clientId: string;
  scopes: string[];
  hiddenFields: Record<string, string>;
};

const STYLE = `body{font-family:system-ui,sans-serif;background:#f4f4f5;color:#18181b;margin:0}
main{max-width:32rem;margin:3rem auto;background:#fff;padding:2rem;border-radius:12px;box-shadow:0 1px 3px #0002}
.badge{display:inline-block;background:#fde68a;color:#78350f;font-weight:700;padding:.15rem .6rem;border-radius:999px}
fieldset{border:0;padding:0;margin:1.5rem 0;display:grid;gap:.75rem}
legend{font-weight:600;margin-bottom:.5rem}
button{font:inherit;padding:.75rem 1rem;border-radius:8px;border:1px solid #a1a1aa;background:#fff;text-align:left;cursor:pointer}
button:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
button.primary{border-color:#2563eb}
code{word-break:break-all}`;

/**
 * The sandbox's stand-in for Google's and Facebook's consent screens: plain HTML forms (no
 * script), one labelled button per persona, so Playwright and screen readers can drive it.
 */
export function renderConsentPage(input: ConsentPageInput): string {
  const hidden = Object.entries(input.hiddenFields)
    .map(
      ([name, value]) =>
        `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
    )
    .join('\n      ');
  const personaButtons = PERSONA_IDS.map((id) => {
    const persona = PERSONAS[id];
    return `<button class="primary" type="submit" name="persona" value="${id}">Sandbox: continue as ${escapeHtml(persona.artistName)} (${escapeHtml(persona.label.toLowerCase())}, persona “${id}”)</button>`;
  }).join('\n        ');
  const scopes = input.scopes.map((s) => `<li><code>${escapeHtml(s)}</code></li>`).join('');
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Sandbox – Sign in with ${input.provider}</title>
    <style>${STYLE}</style>
  </head>
  <body>
    <main aria-labelledby="consent-title">
      <p class="badge">Sandbox</p>
      <h1 id="consent-title">Sandbox: sign in with ${input.provider}</h1>
      <p>This page belongs to the Crescendo platform sandbox, a local emulator. No real ${input.provider} account is used.</p>
      <p>Application <code>${escapeHtml(input.clientId)}</code> asks for:</p>
      <ul>${scopes || '<li>Basic profile</li>'}</ul>
      <form method="post" action="${escapeHtml(input.action)}">
      ${hidden}
        <fieldset>
          <legend>Choose a sandbox account</legend>
        ${personaButtons}
        </fieldset>
        <button type="submit" name="decision" value="deny">Cancel (deny access)</button>
      </form>
    </main>
  </body>
</html>`;
}

export function renderErrorPage(
  provider: 'Google' | 'Facebook' | 'TikTok',
  title: string,
  detail: string,
): string {
  return `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>Sandbox – ${escapeHtml(title)}</title><style>${STYLE}</style></head>
  <body>
    <main aria-labelledby="error-title">
      <p class="badge">Sandbox</p>
      <h1 id="error-title">${escapeHtml(title)}</h1>
      <p>${escapeHtml(detail)}</p>
      <p>(${provider} sign-in, emulated by the Crescendo platform sandbox.)</p>
    </main>
  </body>
</html>`;
}

/**
 * Answers an authorization request with the consent page; the `forwarded` parameters present in
 * `params` ride along as hidden fields, so the decision POST carries the original request.
 */
export function sendConsentPage(
  reply: FastifyReply,
  input: Omit<ConsentPageInput, 'hiddenFields'> & {
    params: Record<string, string>;
    forwarded: readonly string[];
  },
): FastifyReply {
  const hiddenFields: Record<string, string> = {};
  for (const name of input.forwarded) {
    const value = input.params[name];
    if (value !== undefined) hiddenFields[name] = value;
  }
  return reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(
      renderConsentPage({
        provider: input.provider,
        action: input.action,
        clientId: input.clientId,
        scopes: input.scopes,
        hiddenFields,
      }),
    );
}

/** Answers with the provider's HTML error page: the browser stays there, nothing is redirected. */
export function sendErrorPage(
  reply: FastifyReply,
  status: number,
  provider: ConsentPageInput['provider'],
  title: string,
  detail: string,
): FastifyReply {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .send(renderErrorPage(provider, title, detail));
}
