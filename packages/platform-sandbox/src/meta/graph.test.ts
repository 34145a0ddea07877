import { describe, expect, it } from 'vitest';
import { DEFAULT_META_APP } from '../options';
import { staticMetaPageToken, staticMetaToken } from '../oauth/token-store';
import { META_REDIRECT_URI, authorizeMeta, getJson, postJson, useSandbox } from '../test-support';

const sandbox = useSandbox();
const graph = (path: string): string => `${sandbox.url}/graph/v21.0${path}`;

type MetaError = {
  error: {
    message: string;
    type: string;
    code: number;
    error_subcode?: number;
    fbtrace_id: string;
  };
};
type TokenBody = { access_token: string; token_type: string; expires_in: number };
type Insight = {
  name: string;
  period: string;
  title: string;
  description: string;
  id: string;
  total_value?: {
    value?: number;
    breakdowns?: {
      dimension_keys: string[];
      results: { dimension_values: string[]; value: number }[];
    }[];
  };
  values?: { value: number; end_time?: string }[];
};

async function igUserId(token = staticMetaToken('mid')): Promise<string> {
  const { body } = await getJson<{ data: { instagram_business_account: { id: string } }[] }>(
    graph(`/me/accounts?fields=instagram_business_account&access_token=${token}`),
  );
  return body.data[0]!.instagram_business_account.id;
}

describe('Meta: Facebook Login and tokens', () => {
  it('runs dialog → code → short-lived token → long-lived token → pages', async () => {
    const location = await authorizeMeta(sandbox.url, 'mid');
    expect(location.origin + location.pathname).toBe(META_REDIRECT_URI);
    expect(location.searchParams.get('state')).toBe('meta-state');
    expect(location.hash).toBe('#_=_');
    const code = location.searchParams.get('code') ?? '';
    const exchange = (
      extra: Record<string, string>,
    ): Promise<{ status: number; body: TokenBody & MetaError }> =>
      getJson(
        graph(
          `/oauth/access_token?${new URLSearchParams({ client_id: DEFAULT_META_APP.appId, client_secret: DEFAULT_META_APP.appSecret, ...extra })}`,
        ),
      );
    const mismatch = await exchange({ code, redirect_uri: `${META_REDIRECT_URI}/` });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error).toMatchObject({
      type: 'OAuthException',
      code: 100,
      error_subcode: 36008,
    });
    const short = await exchange({ code, redirect_uri: META_REDIRECT_URI });
    expect(short.status).toBe(200);
    expect(short.body).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    const replay = await exchange({ code, redirect_uri: META_REDIRECT_URI });
    expect(replay.body.error.error_subcode).toBe(36009);
    // The replay revoked the grant, so log in again for the rest of the flow.
    const fresh = await authorizeMeta(sandbox.url, 'mid');
    const shortAgain = await exchange({
      code: fresh.searchParams.get('code') ?? '',
      redirect_uri: META_REDIRECT_URI,
    });
    const long = await exchange({
      grant_type: 'fb_exchange_token',
      fb_exchange_token: shortAgain.body.access_token,
    });
    expect(long.status).toBe(200);
    expect(long.body.expires_in).toBeGreaterThan(5_180_000);
    const accounts = await getJson<{
      data: { id: string; access_token: string; instagram_business_account?: { id: string } }[];
    }>(
      graph(
        `/me/accounts?fields=id,name,access_token,instagram_business_account&access_token=${long.body.access_token}`,
      ),
    );
    expect(accounts.status).toBe(200);
    expect(accounts.body.data[0]?.instagram_business_account?.id).toMatch(/^17841\d+$/);
    const page = accounts.body.data[0]!;
    const insights = await getJson<{ data: Insight[] }>(
      graph(
        `/${page.id}/insights?metric=page_follows,page_total_media_view_unique&period=day&since=2025-06-01&until=2025-06-08&access_token=${page.access_token}`,
      ),
    );
    expect(insights.status).toBe(200);
    expect(insights.body.data.map((d) => d.name)).toEqual([
      'page_follows',
      'page_total_media_view_unique',
    ]);
    expect(insights.body.data[0]?.values).toHaveLength(7);
    expect(insights.body.data[0]?.values?.[0]?.end_time).toBe('2025-06-02T07:00:00+0000');
  });

  it('answers bad and revoked tokens with OAuthException code 190', async () => {
    const bad = await getJson<MetaError>(graph('/me?access_token=nope'));
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ type: 'OAuthException', code: 190 });
    expect(bad.body.error.fbtrace_id).toBeTruthy();
    const missing = await getJson<MetaError>(graph('/me'));
    expect(missing.body.error.code).toBe(2500);
  });

  it('requires a page token for Page insights', async () => {
    const { body: accounts } = await getJson<{ data: { id: string }[] }>(
      graph(`/me/accounts?access_token=${staticMetaToken('mid')}`),
    );
    const withUserToken = await getJson<MetaError>(
      graph(
        `/${accounts.data[0]!.id}/insights?metric=page_follows&period=day&access_token=${staticMetaToken('mid')}`,
      ),
    );
    expect(withUserToken.body.error.code).toBe(190);
    const retired = await getJson<MetaError>(
      graph(
        `/${accounts.data[0]!.id}/insights?metric=page_impressions_unique&period=day&access_token=${staticMetaPageToken('mid')}`,
      ),
    );
    expect(retired.body.error.code).toBe(100);
  });
});

describe('Meta: Instagram', () => {
  it('reads Instagram user fields', async () => {
    const id = await igUserId();
    const { status, body } = await getJson<Record<string, unknown>>(
      graph(
        `/${id}?fields=username,followers_count,media_count,profile_picture_url&access_token=${staticMetaToken('mid')}`,
      ),
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id,
      username: 'noralumen',
      followers_count: 28_400,
      media_count: 420,
    });
    const unknownField = await getJson<MetaError>(
      graph(`/${id}?fields=bogus&access_token=${staticMetaToken('mid')}`),
    );
    expect(unknownField.body.error.code).toBe(100);
  });

  it('pages media with cursors and paging.next', async () => {
    const id = await igUserId();
    let url: string | undefined = graph(
      `/${id}/media?fields=id,media_type,media_product_type,timestamp,like_count&limit=100&access_token=${staticMetaToken('mid')}`,
    );
    const ids: string[] = [];
    let pages = 0;
    while (url) {
      const page: {
        body: {
          data: { id: string; timestamp: string }[];
          paging: { cursors: { before: string; after: string }; next?: string };
        };
      } = await getJson(url);
      ids.push(...page.body.data.map((m) => m.id));
      expect(page.body.paging.cursors.before).toBeTruthy();
      expect(page.body.paging.cursors.after).toBeTruthy();
      url = page.body.paging.next;
      pages += 1;
    }
    expect(pages).toBe(5);
    expect(new Set(ids).size).toBe(420);
  });

  it('returns account insights as total_value with breakdowns, and as time series', async () => {
    const id = await igUserId();
    const token = staticMetaToken('mid');
    const range = 'since=2025-05-01&until=2025-05-31';
    const totals = await getJson<{ data: Insight[] }>(
      graph(
        `/${id}/insights?metric=reach,views,follows_and_unfollows,profile_links_taps,accounts_engaged,total_interactions&period=day&metric_type=total_value&${range}&access_token=${token}`,
      ),
    );
    expect(totals.status).toBe(200);
    expect(totals.body.data.map((d) => d.name)).toEqual([
      'reach',
      'views',
      'follows_and_unfollows',
      'profile_links_taps',
      'accounts_engaged',
      'total_interactions',
    ]);
    const views = totals.body.data.find((d) => d.name === 'views')!;
    expect(views).toMatchObject({ period: 'day', id: `${id}/insights/views/day`, title: 'Views' });
    expect(views.total_value?.value).toBeGreaterThan(0);
    const follows = await getJson<{ data: Insight[] }>(
      graph(
        `/${id}/insights?metric=follows_and_unfollows&period=day&metric_type=total_value&breakdown=follow_type&${range}&access_token=${token}`,
      ),
    );
    const entry = follows.body.data[0]!;
    const parts = entry.total_value?.breakdowns?.[0]?.results ?? [];
    expect(entry.total_value?.breakdowns?.[0]?.dimension_keys).toEqual(['follow_type']);
    expect(parts.reduce((sum, r) => sum + r.value, 0)).toBe(entry.total_value?.value);
    const series = await getJson<{ data: Insight[]; paging: { next: string } }>(
      graph(`/${id}/insights?metric=reach&period=day&${range}&access_token=${token}`),
    );
    expect(series.body.data[0]?.values).toHaveLength(30);
    expect(series.body.paging.next).toContain('since=');
    const needsTotal = await getJson<MetaError>(
      graph(`/${id}/insights?metric=views&period=day&${range}&access_token=${token}`),
    );
    expect(needsTotal.body.error.message).toContain('metric_type=total_value');
    const tooLong = await getJson<MetaError>(
      graph(
        `/${id}/insights?metric=reach&period=day&since=2025-01-01&until=2025-05-01&access_token=${token}`,
      ),
    );
    expect(tooLong.body.error.code).toBe(100);
  });

  it('rejects retired metrics with error code 100', async () => {
    const id = await igUserId();
    const { status, body } = await getJson<MetaError>(
      graph(
        `/${id}/insights?metric=impressions,reach&period=day&access_token=${staticMetaToken('mid')}`,
      ),
    );
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ type: 'OAuthException', code: 100 });
    expect(body.error.message).toMatch(
      /^\(#100\) metric\[0\] must be one of the following values: /,
    );
  });

  it('returns follower demographics for mid and the not-enough-followers error for small', async () => {
    const id = await igUserId();
    const demo = await getJson<{ data: Insight[] }>(
      graph(
        `/${id}/insights?metric=follower_demographics&period=lifetime&metric_type=total_value&breakdown=country&access_token=${staticMetaToken('mid')}`,
      ),
    );
    expect(demo.status).toBe(200);
    const breakdown = demo.body.data[0]?.total_value?.breakdowns?.[0];
    expect(breakdown?.dimension_keys).toEqual(['country']);
    expect(breakdown?.results[0]?.dimension_values).toEqual(['IT']);
    const total = breakdown?.results.reduce((sum, r) => sum + r.value, 0) ?? 0;
    expect(total).toBeLessThanOrEqual(28_400);
    const smallId = await igUserId(staticMetaToken('small'));
    const small = await getJson<MetaError>(
      graph(
        `/${smallId}/insights?metric=follower_demographics&period=lifetime&metric_type=total_value&breakdown=age&access_token=${staticMetaToken('small')}`,
      ),
    );
    expect(small.status).toBe(400);
    expect(small.body.error.code).toBe(100);
  });

  it('lists cities inside their countries: never more than the country, never all of it', async () => {
    const id = await igUserId();
    const read = async (breakdown: string) => {
      const { body } = await getJson<{ data: Insight[] }>(
        graph(
          `/${id}/insights?metric=follower_demographics&period=lifetime&metric_type=total_value&breakdown=${breakdown}&access_token=${staticMetaToken('mid')}`,
        ),
      );
      return body.data[0]?.total_value?.breakdowns?.[0]?.results ?? [];
    };
    const countries = new Map((await read('country')).map((r) => [r.dimension_values[0], r.value]));
    const cities = await read('city');
    const countryOfCity: Record<string, string> = {
      Lombardy: 'IT',
      Lazio: 'IT',
      Piedmont: 'IT',
      Campania: 'IT',
      'Emilia-Romagna': 'IT',
      Berlin: 'DE',
      'Île-de-France': 'FR',
      'Community of Madrid': 'ES',
      'São Paulo': 'BR',
      Ontario: 'CA',
      'New South Wales': 'AU',
    };
    const byCountry = new Map<string, number[]>();
    for (const city of cities) {
      const region = city.dimension_values[0]!.split(', ')[1]!;
      const country = countryOfCity[region];
      expect(country, city.dimension_values[0]).toBeDefined();
      byCountry.set(country!, [...(byCountry.get(country!) ?? []), city.value]);
    }
    expect(byCountry.get('IT')).toHaveLength(5);
    for (const [country, values] of byCountry) {
      const countryTotal = countries.get(country) ?? 0;
      const sum = values.reduce((a, b) => a + b, 0);
      expect(sum, country).toBeLessThanOrEqual(countryTotal);
      for (const value of values) expect(value, country).toBeLessThan(countryTotal);
    }
    const citiesTotal = cities.reduce((sum, r) => sum + r.value, 0);
    const countriesTotal = [...countries.values()].reduce((a, b) => a + b, 0);
    expect(citiesTotal).toBeLessThan(countriesTotal);
  });

  it('captions posts and reels with no sandbox notes', async () => {
    const id = await igUserId();
    const { body } = await getJson<{
      data: { caption: string; media_product_type: string }[];
    }>(
      graph(
        `/${id}/media?fields=caption,media_product_type&limit=100&access_token=${staticMetaToken('mid')}`,
      ),
    );
    const captions = body.data.map((m) => m.caption);
    expect(captions.some((caption) => /sandbox|Crescendo/i.test(caption))).toBe(false);
    const reels = body.data.filter((m) => m.media_product_type === 'REELS');
    expect(reels.length).toBeGreaterThan(10);
    expect(new Set(reels.map((m) => m.caption)).size).toBeGreaterThan(5);
  });

  it('returns media insights and refuses objects of other personas', async () => {
    const id = await igUserId();
    const token = staticMetaToken('mid');
    const media = await getJson<{ data: { id: string; media_product_type: string }[] }>(
      graph(`/${id}/media?fields=id,media_product_type&limit=50&access_token=${token}`),
    );
    const reel = media.body.data.find((m) => m.media_product_type === 'REELS')!;
    const insights = await getJson<{ data: Insight[] }>(
      graph(
        `/${reel.id}/insights?metric=reach,views,likes,comments,saved,shares,total_interactions,ig_reels_avg_watch_time&access_token=${token}`,
      ),
    );
    expect(insights.status).toBe(200);
    const byName = Object.fromEntries(
      insights.body.data.map((d) => [d.name, d.values?.[0]?.value ?? 0]),
    );
    expect(byName.total_interactions).toBe(
      byName.likes! + byName.comments! + byName.saved! + byName.shares!,
    );
    const retired = await getJson<MetaError>(
      graph(`/${reel.id}/insights?metric=plays&access_token=${token}`),
    );
    expect(retired.body.error.code).toBe(100);
    const foreign = await getJson<MetaError>(
      graph(`/${id}?access_token=${staticMetaToken('small')}`),
    );
    expect(foreign.body.error).toMatchObject({ code: 100, error_subcode: 33 });
  });

  it('revokes all Meta tokens of a persona through the control API', async () => {
    await postJson(`${sandbox.url}/__control/revoke`, { persona: 'large', provider: 'meta' });
    const revoked = await getJson<MetaError>(graph(`/me?access_token=${staticMetaToken('large')}`));
    expect(revoked.body.error).toMatchObject({ code: 190, error_subcode: 458 });
  });
});
