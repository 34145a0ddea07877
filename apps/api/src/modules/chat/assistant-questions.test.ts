import type {
  AudienceResponse,
  ContentResponse,
  ContentRow,
  DashboardAnalyticsResponse,
  KpiSet,
} from '@crescendo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../testing/build-test-app';
import { databaseTargets } from '../../testing/test-database';
import { resolveCurrentUser, type CurrentUser } from '../users';
import { createBuiltInAnalyst } from './analyst/analyst-model';
import {
  formatChange,
  formatCount,
  formatDay,
  formatSigned,
  quoteTitle,
} from './analyst/formatting';
import { runAssistantTurn } from './assistant-pipeline';
import { createChatFixture, pinnedNow, type ChatFixture } from './chat-test-setup';
import { createAssistantTools } from './tools/assistant-tools';
import { createArtistPlans } from '../../app-billing';
import { createOrganizationResolver } from '../teams';

/**
 * The kinds of question issue 28 found answered wrongly (growth, what to post, where the fans are,
 * where to tour, "Explain this"), each checked against figures read from the dashboard's own
 * endpoints for the same window, never against figures written into the test.
 */
const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });
const platformWord: Record<string, string> = {
  youtube: 'YouTube',
  instagram: 'Instagram',
  facebook: 'Facebook',
};

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The answer as a reader sees it (markdown escapes removed). */
const plain = (text: string) => text.replace(/\\(.)/g, '$1');

describe.each(databaseTargets)('the assistant’s question set on %s', (target) => {
  let fixture: ChatFixture;
  let artistUser: CurrentUser;
  const analyst = createBuiltInAnalyst({ now: () => new Date(pinnedNow) });

  beforeAll(async () => {
    fixture = await createChatFixture(target);
    const profile = await fixture.testApp.app.inject({
      method: 'POST',
      url: '/api/artist/profile',
      headers: bearer(fixture.artist.token),
      payload: {
        artistName: 'Question Set',
        country: 'GB',
        city: 'Bristol',
        timezone: 'Europe/London',
      },
    });
    if (profile.statusCode !== 201) throw new Error(`profile: ${profile.body}`);
    const identity = await fixture.testApp.app.verifier.verify(fixture.artist.token);
    ({ user: artistUser } = await resolveCurrentUser(fixture.testApp.database.db, identity, {
      waitlistMode: 'open',
      resolveOrganization: createOrganizationResolver({
        clerkMemberships: null,
        plans: createArtistPlans(),
      }),
    }));
  }, 300_000);
  afterAll(async () => fixture?.close());

  const get = async <T>(url: string): Promise<T> => {
    const response = await fixture.testApp.app.inject({
      method: 'GET',
      url,
      headers: bearer(fixture.artist.token),
    });
    expect(response.statusCode).toBe(200);
    return response.json<T>();
  };
  const ask = (question: string) =>
    runAssistantTurn({
      assistant: { model: analyst, maxSteps: 6, timeoutMs: 30_000, usesHistory: false },
      tools: createAssistantTools(fixture.testApp.database.db, artistUser),
      history: [],
      question,
    });

  it('growth: compares growth rates of followers per platform, not totals', async () => {
    const answer = await ask('Is my Instagram growing faster than YouTube?');
    const body = await get<DashboardAnalyticsResponse>('/api/dashboard/analytics?range=28d');
    const rateOf = (kpis: KpiSet) =>
      kpis.followers.net.value! / (kpis.followers.total! - kpis.followers.net.value!);
    const instagram = rateOf(body.byPlatform.instagram!);
    const youtube = rateOf(body.byPlatform.youtube!);
    const text = plain(answer.content);
    expect(text).toContain(`Instagram: **${formatChange(instagram)}** followers`);
    expect(text).toContain(`YouTube: **${formatChange(youtube)}** followers`);
    const [faster, slower] =
      instagram > youtube ? ['Instagram', 'YouTube'] : ['YouTube', 'Instagram'];
    expect(text).toContain(`**${faster} is growing faster** than ${slower}`);
    // Growth, not size: the totals are not what decides.
    expect(text).not.toMatch(/leads/);
  });

  it('growth of views: each platform against its previous equal window', async () => {
    const answer = await ask('Are my YouTube views growing faster than Instagram?');
    const body = await get<DashboardAnalyticsResponse>('/api/dashboard/analytics?range=28d');
    const text = plain(answer.content);
    for (const platform of ['youtube', 'instagram'] as const) {
      const views = body.byPlatform[platform]!.views;
      expect(text).toContain(
        `${platformWord[platform]}: **${formatChange(views.change!)}** views (${formatCount(views.value!)} against ${formatCount(views.previous!)}`,
      );
    }
  });

  it('what to post next: the format and weekday that did best, with an example, from the content endpoint', async () => {
    const answer = await ask('What should I post next?');
    const items: ContentRow[] = [];
    let range = { from: '', to: '' };
    for (let page = 1; page <= 20; page += 1) {
      const body = await get<ContentResponse>(
        `/api/dashboard/content?range=90d&sort=publishedAt&order=desc&pageSize=100&page=${page}`,
      );
      range = body.range;
      items.push(...body.items);
      if (body.items.length < 100 || body.items.at(-1)!.publishedAt.slice(0, 10) < range.from)
        break;
    }
    const published = items.filter(
      (item) =>
        item.publishedAt.slice(0, 10) >= range.from &&
        item.publishedAt.slice(0, 10) <= range.to &&
        item.figures === 'range' &&
        item.views !== null,
    );
    expect(published.length).toBeGreaterThan(2);
    const byFormat = new Map<string, ContentRow[]>();
    for (const item of published) {
      const key = `${item.platform}:${item.type}`;
      byFormat.set(key, [...(byFormat.get(key) ?? []), item]);
    }
    const best = [...byFormat.entries()]
      .filter(([, group]) => group.length >= 2)
      .map(([key, group]) => ({
        key,
        median: Math.round(median(group.map((item) => item.views!))),
        top: [...group].sort((a, b) => b.views! - a.views!)[0]!,
      }))
      .sort((a, b) => b.median - a.median)[0]!;
    const text = plain(answer.content);
    expect(text).toContain(`${formatCount(published.length)} items you published`);
    expect(text).toContain(`${platformWord[best.key.split(':')[0]!]}`);
    expect(text).toContain(`median **${formatCount(best.median)}** views`);
    expect(text).toContain(`“${best.top.title}” (${formatCount(best.top.views!)} views)`);
    expect(text).toMatch(/\*\*Day: (Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)days\*\*/);
    expect(text).toMatch(/\*\*Time: (mornings|afternoons|evenings|nights)/);
    expect(text).toContain('Europe/London');
    // Concrete suggestions, never a dump of all-time totals.
    expect(text).not.toMatch(/all time|three years/i);
  });

  it('where the fans are: countries and cities by name, never by code', async () => {
    const answer = await ask('Where are my fans?');
    const body = await get<AudienceResponse>('/api/dashboard/audience?platform=all');
    const text = plain(answer.content);
    for (const breakdown of body.breakdowns.filter(
      (item) => item.dimension === 'country' && item.isAvailable,
    )) {
      const top = breakdown.items[0]!;
      expect(text).toContain(`${countryNames.of(top.key)} ${(top.share * 100).toFixed(1)} %`);
    }
    const cities = body.breakdowns.find((item) => item.dimension === 'city' && item.isAvailable)!;
    expect(text).toContain(
      `${cities.items[0]!.key} ${(cities.items[0]!.share * 100).toFixed(1)} %`,
    );
    expect(text).not.toMatch(/\b[A-Z]{2} \d/);
  });

  it('where to tour: every platform’s geography (YouTube’s countries too) and the artist’s base', async () => {
    const answer = await ask('Which city should I tour?');
    const body = await get<AudienceResponse>('/api/dashboard/audience?platform=all');
    const output = answer.toolResults.find((result) => result.toolName === 'get_tour_cities')!
      .output as { cities: { city: string; key: string; country: string }[] };
    const countryShare = (platform: string, code: string) =>
      body.breakdowns
        .find((item) => item.platform === platform && item.dimension === 'country')
        ?.items.find((item) => item.key === code)?.share ?? 0;
    const cityBreakdown = body.breakdowns.find(
      (item) => item.dimension === 'city' && item.isAvailable,
    )!;
    const countryPlatforms = body.breakdowns
      .filter((item) => item.dimension === 'country' && item.isAvailable)
      .map((item) => item.platform);
    expect(countryPlatforms).toContain('youtube');
    // Each city's estimate: its Instagram share, scaled by its country across every platform.
    const expected = cityBreakdown.items
      .map((item) => {
        const name = item.key.split(',')[0]!.trim();
        const country = output.cities.find((city) => city.city === name)!.country;
        const everywhere =
          countryPlatforms.reduce((sum, platform) => sum + countryShare(platform, country), 0) /
          countryPlatforms.length;
        const own = countryShare(cityBreakdown.platform, country);
        const share = own > 0 ? (item.share * everywhere) / own : item.share;
        return { key: name, share: Math.round(share * 10_000) / 10_000 };
      })
      .sort((a, b) => b.share - a.share || a.key.localeCompare(b.key));
    expect(output.cities.map((city) => city.city)).toEqual(
      expected.slice(0, output.cities.length).map((city) => city.key),
    );
    const text = plain(answer.content);
    const top = expected[0]!.key;
    expect(text).toContain(`1. **${top}, `);
    expect(text).toMatch(/countries from [^.]*YouTube/);
    expect(text).toContain('Your base (from your profile): Bristol, United Kingdom.');
    expect(text).toMatch(/km from your base|your home city/);
  });

  it('explain this: the items, days and sources that moved the figure', async () => {
    const dashboard = await get<DashboardAnalyticsResponse>(
      '/api/dashboard/analytics?range=28d&platform=youtube',
    );
    const { from, to } = dashboard.range;
    const answer = await ask(`Explain my views from ${from} to ${to} on youtube`);
    const content = await get<ContentResponse>(
      `/api/dashboard/content?from=${from}&to=${to}&platform=youtube&sort=views&order=desc&pageSize=10`,
    );
    const audience = await get<AudienceResponse>(
      `/api/dashboard/audience?from=${from}&to=${to}&platform=youtube`,
    );
    const text = plain(answer.content);
    expect(text).toContain(`**${formatCount(dashboard.combined.views.value!)}** views on YouTube`);
    const topItem = content.items.find((item) => item.figures === 'range')!;
    expect(text).toContain(
      `${quoteTitle(topItem.title).replace(/\\(.)/g, '$1')} (YouTube ${topItem.type}, ${formatCount(topItem.views!)})`,
    );
    const topDay = [...dashboard.series].sort(
      (a, b) => (b.views ?? 0) - (a.views ?? 0) || a.date.localeCompare(b.date),
    )[0]!;
    expect(text).toContain(`${formatDay(topDay.date)} (${formatCount(topDay.views!)}`);
    const sources = audience.breakdowns.find((item) => item.dimension === 'traffic_source')!;
    expect(text).toContain(
      `${sources.items[0]!.key.toLowerCase().replace(/_/g, ' ')} ${(sources.items[0]!.share * 100).toFixed(1)} %`,
    );
    const previous = dashboard.combined.views.previous!;
    expect(text).toContain(`against ${formatCount(previous)}`);
    expect(text).toContain(
      `YouTube ${formatCount(dashboard.combined.views.value!)} (${formatSigned(
        Math.round((dashboard.combined.views.value! - previous) * 100) / 100,
      )} on the previous window)`,
    );
  });
});
