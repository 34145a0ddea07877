import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { RevenueResponse, SendMessageResponse } from '@crescendo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createUser,
  type SignedInUser,
  type TestApp,
} from '../../testing/build-test-app';
import {
  createCatalogue,
  insertSong,
  insertStatementLines,
  shiftMonth,
  type TestLine,
} from '../../testing/statements';
import { databaseTargets } from '../../testing/test-database';
import { formatMoney, formatPerUnit } from './analyst/formatting';

const today = new Date().toISOString().slice(0, 10);
const thisMonth = today.slice(0, 7);

/** The calendar quarter before this one, worked out here on its own. */
function lastQuarter(): { from: string; to: string } {
  const month = Number(thisMonth.slice(5, 7));
  const quarterStart = shiftMonth(thisMonth, -((month - 1) % 3));
  const from = `${shiftMonth(quarterStart, -3)}-01`;
  const end = new Date(`${quarterStart}-01T00:00:00Z`);
  end.setUTCDate(0);
  return { from, to: end.toISOString().slice(0, 10) };
}

const songs = [
  { isrc: 'USAAA2400001', title: 'First Light' },
  { isrc: 'USAAA2400002', title: 'Second Wind' },
  { isrc: 'USAAA2400003', title: 'Third Rail' },
];

describe.each(databaseTargets)('the assistant on statement money on %s', (target) => {
  let testApp: TestApp;
  let user: SignedInUser;

  const endpoint = async (query: string) => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/api/dashboard/revenue?${query}`,
      headers: bearer(user.token),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<RevenueResponse>();
  };
  const ask = async (message: string) => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/chat/send-message',
      headers: bearer(user.token),
      payload: { message },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<SendMessageResponse>().message;
  };

  beforeAll(async () => {
    testApp = await buildTestApp(target);
    user = await createUser(testApp, 'customer');
    const { db } = testApp.database;
    const organizationId = user.me.organization.id;
    const catalogue = createCatalogue();
    for (const song of songs) await insertSong(db, organizationId, catalogue, song);
    const lines: TestLine[] = [];
    for (let offset = -7; offset <= -1; offset += 1) {
      songs.forEach((song, songIndex) => {
        for (const [storeIndex, store] of ['spotify', 'apple_music', 'deezer'].entries()) {
          for (const [countryIndex, country] of ['DE', 'US', 'FR'].entries()) {
            const quantity = 1000 + 137 * songIndex + 61 * storeIndex + 29 * countryIndex - offset;
            const rate = 0.003 + 0.0007 * songIndex + 0.0011 * storeIndex + 0.0001 * countryIndex;
            lines.push({
              saleMonth: shiftMonth(thisMonth, offset),
              store,
              storeName:
                store === 'apple_music' ? 'Apple Music' : store[0]!.toUpperCase() + store.slice(1),
              country,
              isrc: song.isrc,
              quantity,
              earnings: (quantity * rate).toFixed(10),
            });
          }
        }
      });
    }
    await insertStatementLines(db, organizationId, catalogue, lines);
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('answers “How much did I earn from Spotify in Germany last quarter?” with the revenue page’s total', async () => {
    const quarter = lastQuarter();
    const expected = await endpoint(
      `from=${quarter.from}&to=${quarter.to}&store=spotify&country=DE`,
    );
    expect(expected.total).toBeGreaterThan(0);
    const answer = await ask('How much did I earn from Spotify in Germany last quarter?');
    expect(answer.content).toContain(`**${formatMoney(expected.total)}**`);
    expect(answer.content).toContain('from Spotify in Germany');
    expect(answer.sources).toContainEqual({
      tool: 'get_revenue',
      label: 'Revenue by month',
      view: 'revenue',
      platform: 'all',
      window: quarter,
    });
  });

  it('answers “Which song pays best per stream?” with the song the revenue page ranks first', async () => {
    const expected = await endpoint('range=all&groupBy=song');
    const best = [...expected.rows]
      .filter((row) => row.perUnit !== null && row.key !== '')
      .sort((a, b) => b.perUnit! - a.perUnit!)[0]!;
    const answer = await ask('Which song pays best per stream?');
    expect(answer.content.startsWith(`“${best.label}” pays best per unit`)).toBe(true);
    expect(answer.content).toContain(`**${formatPerUnit(best.perUnit!)}**`);
    expect(answer.content).toContain(formatMoney(best.earnings));
    expect(answer.sources.map((source) => source.tool)).toEqual(['get_revenue']);
  });

  it('serves the revenue and song tools over MCP with the endpoint’s figures', async () => {
    const address = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const client = new Client({ name: 'test-client', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${address}/api/mcp`), {
        requestInit: { headers: bearer(user.token) },
      }),
    );
    try {
      const names = (await client.listTools()).tools.map((tool) => tool.name);
      expect(names).toEqual(expect.arrayContaining(['get_revenue', 'get_songs', 'get_song']));
      const range = `from=${shiftMonth(thisMonth, -4)}-01&to=${today}`;
      const expected = await endpoint(`${range}&groupBy=country&store=apple_music`);
      const called = await client.callTool({
        name: 'get_revenue',
        arguments: {
          from: `${shiftMonth(thisMonth, -4)}-01`,
          to: today,
          groupBy: 'country',
          store: 'apple_music',
        },
      });
      const result = (called.structuredContent as { result: RevenueResponse }).result;
      expect(result.total).toBe(expected.total);
      expect(result.rows).toEqual(expected.rows);
      const song = (
        await client.callTool({ name: 'get_song', arguments: { title: 'second', range: 'all' } })
      ).structuredContent as {
        result: { isrc: string; total: number };
        source: { view: string; isrc?: string };
      };
      expect(song.result.isrc).toBe('USAAA2400002');
      // The source names the song, so the assistant's chip opens the song's page.
      expect(song.source).toMatchObject({ view: 'revenue', isrc: 'USAAA2400002' });
      expect(song.result.total).toBe((await endpoint('range=all&isrc=USAAA2400002')).total);
    } finally {
      await client.close();
    }
  });
});
