import { describe, expect, it } from 'vitest';
import { createMetaClient } from './meta-client';
import { defaultRetryPolicy } from './platform-http';

describe('Meta media links', () => {
  it('keeps only https: permalinks, and https: or this machine’s http: image addresses', async () => {
    const items = [
      ['a', 'https://www.instagram.com/p/a/'],
      ['b', 'javascript:alert(1)'],
      ['c', 'http://www.instagram.com/p/c/'],
      ['d', 'not a url'],
      // The local sandbox's generated thumbnails: an image may load from here, a link may not.
      ['e', 'http://localhost:3000/sandbox/thumbnails/e.svg'],
      ['f', 'http://127.0.0.1:3000/sandbox/thumbnails/f.svg'],
      ['g', 'http://localhost.example.com/thumbnails/g.svg'],
    ];
    const client = createMetaClient(
      {
        appId: 'app',
        appSecret: 'secret',
        isSandbox: true,
        dialogUrl: 'https://graph.test/dialog',
        graphUrl: 'https://graph.test/v21.0',
      },
      {
        retry: defaultRetryPolicy,
        fetch: async () =>
          Response.json({
            data: items.map(([id, link]) => ({
              id,
              media_type: 'IMAGE',
              timestamp: '2025-01-01T00:00:00+0000',
              permalink: link,
              thumbnail_url: link,
            })),
          }),
      },
    );
    const media = await client.listMedia('token', 'ig-1');
    expect(
      media.map((item) => [item.id, item.permalink ?? null, item.thumbnail_url ?? null]),
    ).toEqual([
      ['a', 'https://www.instagram.com/p/a/', 'https://www.instagram.com/p/a/'],
      ['b', null, null],
      ['c', null, null],
      ['d', null, null],
      ['e', null, 'http://localhost:3000/sandbox/thumbnails/e.svg'],
      ['f', null, 'http://127.0.0.1:3000/sandbox/thumbnails/f.svg'],
      ['g', null, null],
    ]);
  });
});
