import { describe, expect, it } from 'vitest';
import { staticGoogleToken, staticMetaToken } from './oauth/token-store';
import { createSandboxApp } from './server';
import { getJson, useSandbox } from './test-support';

const sandbox = useSandbox();

type Thumbnails = Record<string, { url: string }>;

describe('generated thumbnails', () => {
  it('serves the same SVG for the same id, a different one for another, 404 for a bad name', async () => {
    const first = await fetch(`${sandbox.url}/thumbnails/abc-123_X.svg`);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    const svg = await first.text();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).not.toMatch(/<script|on\w+=/i);
    expect(await (await fetch(`${sandbox.url}/thumbnails/abc-123_X.svg`)).text()).toBe(svg);
    expect(await (await fetch(`${sandbox.url}/thumbnails/other.svg`)).text()).not.toBe(svg);
    for (const bad of ['abc.png', 'abc', '..%2Fx.svg', `${'a'.repeat(65)}.svg`]) {
      expect((await fetch(`${sandbox.url}/thumbnails/${bad}`)).status, bad).toBe(404);
    }
  });

  it('points YouTube videos and the channel at images the sandbox serves', async () => {
    const token = staticGoogleToken('mid');
    const channels = await getJson<{
      items: {
        snippet: { thumbnails: Thumbnails };
        contentDetails: { relatedPlaylists: { uploads: string } };
      }[];
    }>(`${sandbox.url}/youtube/v3/channels?part=snippet,contentDetails&mine=true`, token);
    const channel = channels.body.items[0]!;
    expect(channel.snippet.thumbnails.default?.url).toMatch(
      new RegExp(`^${sandbox.url}/thumbnails/UC[\\w-]+\\.svg$`),
    );
    const uploads = await getJson<{ items: { snippet: { thumbnails: Thumbnails } }[] }>(
      `${sandbox.url}/youtube/v3/playlistItems?part=snippet&maxResults=5&playlistId=${channel.contentDetails.relatedPlaylists.uploads}`,
      token,
    );
    const url = uploads.body.items[0]!.snippet.thumbnails.medium!.url;
    expect(url.startsWith(`${sandbox.url}/thumbnails/`)).toBe(true);
    const image = await fetch(url);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
  });

  it('points Instagram covers, pictures and the profile picture at served images', async () => {
    const token = staticMetaToken('mid');
    const accounts = await getJson<{
      data: { instagram_business_account: { id: string; profile_picture_url: string } }[];
    }>(
      `${sandbox.url}/graph/v21.0/me/accounts?fields=instagram_business_account{id,profile_picture_url}&access_token=${token}`,
    );
    const account = accounts.body.data[0]!.instagram_business_account;
    expect(account.profile_picture_url).toBe(`${sandbox.url}/thumbnails/${account.id}.svg`);
    const media = await getJson<{
      data: { id: string; media_type: string; thumbnail_url?: string; media_url: string }[];
    }>(
      `${sandbox.url}/graph/v21.0/${account.id}/media?fields=id,media_type,thumbnail_url,media_url&limit=30&access_token=${token}`,
    );
    const video = media.body.data.find((item) => item.media_type === 'VIDEO')!;
    expect(video.thumbnail_url).toBe(`${sandbox.url}/thumbnails/${video.id}.svg`);
    const picture = media.body.data.find((item) => item.media_type === 'IMAGE')!;
    expect(picture.media_url).toBe(`${sandbox.url}/thumbnails/${picture.id}.svg`);
    expect((await fetch(video.thumbnail_url!)).status).toBe(200);
  });

  it('builds image URLs from its configured public URL when it has one', async () => {
    const app = createSandboxApp({ publicUrl: 'https://app.example/sandbox/' });
    try {
      const response = await app.inject({
        url: '/youtube/v3/channels?part=snippet&mine=true',
        headers: { authorization: `Bearer ${staticGoogleToken('mid')}` },
      });
      const body = response.json<{ items: { snippet: { thumbnails: Thumbnails } }[] }>();
      expect(body.items[0]!.snippet.thumbnails.high!.url).toMatch(
        /^https:\/\/app\.example\/sandbox\/thumbnails\/UC[\w-]+\.svg$/,
      );
    } finally {
      await app.close();
    }
  });
});
