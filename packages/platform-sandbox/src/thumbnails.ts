import type { FastifyInstance } from 'fastify';
import { hashText } from './random';

/**
 * Generated images for every picture the personas point at (video thumbnails, reel covers,
 * avatars): a small SVG per id, the same for the same id, so a demo's content lists show pictures
 * instead of broken links to hosts that do not exist.
 */

/** Ids the platforms hand out: letters, digits, `_` and `-` (YouTube, Graph and TikTok ids). */
const IMAGE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The URL of an item's image under the sandbox's public base (`https://host/sandbox`). */
export function buildThumbnailUrl(publicBase: string, id: string): string {
  return `${publicBase}/thumbnails/${encodeURIComponent(id)}.svg`;
}

/** A 16:9 picture in two colours picked from the id; it fills square or wide boxes alike. */
export function renderThumbnailSvg(id: string): string {
  const hash = hashText(id);
  const hue = hash % 360;
  const accent = (hue + 40 + ((hash >>> 9) % 80)) % 360;
  const circleX = 40 + ((hash >>> 3) % 240);
  const circleY = 30 + ((hash >>> 11) % 120);
  const radius = 30 + ((hash >>> 17) % 50);
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 180" width="320" height="180" preserveAspectRatio="xMidYMid slice">',
    '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">',
    `<stop offset="0" stop-color="hsl(${hue} 55% 32%)"/>`,
    `<stop offset="1" stop-color="hsl(${accent} 60% 18%)"/>`,
    '</linearGradient></defs>',
    '<rect width="320" height="180" fill="url(#g)"/>',
    `<circle cx="${circleX}" cy="${circleY}" r="${radius}" fill="hsl(${accent} 70% 62%)" fill-opacity="0.55"/>`,
    `<path d="M0 150 Q80 ${110 + (hash % 40)} 160 140 T320 ${120 + ((hash >>> 5) % 40)} V180 H0 Z" fill="hsl(${hue} 40% 12%)" fill-opacity="0.6"/>`,
    '</svg>',
  ].join('');
}

export function registerThumbnailRoutes(app: FastifyInstance): void {
  app.get<{ Params: { file: string } }>('/:file', async (request, reply) => {
    const { file } = request.params;
    const id = file.endsWith('.svg') ? file.slice(0, -'.svg'.length) : '';
    if (!IMAGE_ID.test(id)) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    }
    return reply
      .type('image/svg+xml')
      .header('cache-control', 'public, max-age=86400, immutable')
      .send(renderThumbnailSvg(id));
  });
}
