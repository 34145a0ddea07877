import type { WebRuntimeConfig } from '@crescendo/contracts';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendError } from './errors';

/** What a share link's preview card says (no figures); null when the link does not open. */
export type SharePreview = (
  token: string,
) => Promise<{ title: string; description: string } | null>;

const configPlaceholder = '<!--crescendo-config-->';
const sharePagePath = /^\/s\/([^/]+)\/?$/;
/** APIs, never pages: an unknown path under them is a JSON 404, not the web app's HTML. */
const apiPrefixes = ['/api', '/sandbox', '/payments-sandbox'];

function escapeAttribute(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/**
 * Serves the built web app with an SPA fallback, and answers unknown `/api` paths with the
 * wire error format. The runtime configuration goes into a meta tag (no inline script, so the
 * content security policy stays strict).
 */
export const webAppPlugin = fp(
  async (
    app: FastifyInstance,
    options: { distDir: string; publicConfig: WebRuntimeConfig; describeSharePage?: SharePreview },
  ) => {
    const indexFile = path.join(options.distDir, 'index.html');
    const hasWebApp = fs.existsSync(indexFile);
    let indexHtml: string | null = null;
    if (hasWebApp) {
      const meta = `<meta name="crescendo-config" content="${escapeAttribute(JSON.stringify(options.publicConfig))}">`;
      // The embedded identity's session read (which also brings the API token) is the first
      // request every page makes: the browser starts it with the page, not after the scripts.
      const sessionPreload =
        options.publicConfig.identityProvider === 'embedded'
          ? '<link rel="preload" href="/api/auth/get-session" as="fetch" crossorigin="use-credentials">'
          : '';
      indexHtml = fs
        .readFileSync(indexFile, 'utf8')
        .replace(configPlaceholder, `${meta}${sessionPreload}`);
      await app.register(fastifyStatic, {
        root: options.distDir,
        prefix: '/',
        wildcard: false,
        index: false,
        // The build writes .br/.gz beside each asset (scripts/compress-assets.mjs).
        preCompressed: true,
        // Our setHeaders decides caching (hashed assets immutable, the rest revalidated).
        cacheControl: false,
        setHeaders: (response, filePath) => {
          const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
          response.setHeader(
            'cache-control',
            isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
    } else {
      app.log.warn({ distDir: options.distDir }, 'web app is not built; serving the API only');
    }

    /*
     * A shared page is never indexed, and its preview card (Open Graph) is written on the server:
     * link unfurlers run no script.
     */
    async function renderSharePage(html: string, token: string): Promise<string> {
      const preview = await options.describeSharePage?.(token).catch(() => null);
      const tags = ['<meta name="robots" content="noindex, nofollow">'];
      if (preview) {
        const title = escapeAttribute(preview.title);
        const description = escapeAttribute(preview.description);
        tags.push(
          '<meta property="og:type" content="website">',
          `<meta property="og:title" content="${title}">`,
          `<meta property="og:description" content="${description}">`,
          '<meta name="twitter:card" content="summary">',
          `<meta name="description" content="${description}">`,
        );
      }
      return html.replace('</head>', `${tags.join('')}</head>`);
    }

    app.setNotFoundHandler(async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      const isApiPath = apiPrefixes.some(
        (prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`),
      );
      const wantsPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !isApiPath &&
        !path.extname(pathname);
      const shareToken = wantsPage ? sharePagePath.exec(pathname)?.[1] : undefined;
      if (shareToken !== undefined) reply.header('x-robots-tag', 'noindex, nofollow');
      if (wantsPage && indexHtml && shareToken !== undefined) {
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .header('referrer-policy', 'no-referrer')
          .send(await renderSharePage(indexHtml, shareToken));
      }
      if (wantsPage && indexHtml) {
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .send(indexHtml);
      }
      const allowed = app.hasDecorator('allowedMethods') ? app.allowedMethods(pathname) : [];
      if (allowed.length > 0) {
        reply.header('allow', allowed.join(', '));
        return sendError(
          reply,
          405,
          'METHOD_NOT_ALLOWED',
          `${request.method} is not allowed on ${pathname}; use ${allowed.join(', ')}.`,
        );
      }
      return sendError(reply, 404, 'NOT_FOUND', `No route for ${request.method} ${pathname}`);
    });
  },
);
