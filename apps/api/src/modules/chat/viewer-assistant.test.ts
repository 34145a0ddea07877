import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { ChatHistoryResponse, MeResponse } from '@crescendo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createUser,
  uniqueEmail,
  type SignedInUser,
  type TestApp,
} from '../../testing/build-test-app';
import { invite, signUpAndAccept } from '../../testing/teams';
import { databaseTargets } from '../../testing/test-database';

/**
 * A viewer is read-only, and asking the assistant is reading: the chat and the MCP tools answer a
 * viewer with the organisation's numbers, while the organisation's data stays closed to writes.
 */
describe.each(databaseTargets)('the assistant for a viewer (%s)', (target) => {
  let testApp: TestApp;
  let owner: SignedInUser;
  let viewer: string;
  let address: string;

  beforeAll(async () => {
    testApp = await buildTestApp(target);
    owner = await createUser(testApp, 'customer');
    const email = uniqueEmail('viewer');
    const joined = await signUpAndAccept(
      testApp,
      (await invite(testApp, owner.token, email, 'viewer')).token,
      email,
    );
    expect(joined.status).toBe(200);
    viewer = joined.token;
    address = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const inject = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
    testApp.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

  it("is the owner's organisation, as a viewer", async () => {
    const me = (await inject('GET', '/api/v1/auth/me', viewer)).json<MeResponse>();
    expect(me.organization).toMatchObject({ id: owner.me.organization.id, role: 'viewer' });
  });

  it("serves a viewer the MCP tools, reading the organisation's numbers", async () => {
    const client = new Client({ name: 'viewer-client', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${address}/api/mcp`), {
        requestInit: { headers: bearer(viewer) },
      }),
    );
    try {
      const listed = await client.listTools();
      expect(listed.tools.length).toBeGreaterThan(0);
      // Every tool the MCP server offers only reads (a writing tool would need a manager).
      expect(listed.tools.every((tool) => tool.annotations?.readOnlyHint === true)).toBe(true);
      const called = await client.callTool({
        name: 'get_metrics',
        arguments: { range: '28d', platform: 'all' },
      });
      expect(called.isError).toBeFalsy();
      const result = (called.structuredContent as { result: { combined: unknown } }).result;
      const owners = (
        await inject('GET', '/api/dashboard/analytics?range=28d', owner.token)
      ).json();
      expect(result.combined).toEqual(owners.combined);
    } finally {
      await client.close();
    }
  });

  it('lets a viewer ask the chat and keeps the conversation as theirs', async () => {
    const sent = await inject('POST', '/api/v1/chat/send-message', viewer, {
      message: 'How many views did I get last month?',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const history = (
      await inject('GET', '/api/v1/chat/history', viewer)
    ).json<ChatHistoryResponse>();
    expect(history.items.map((message) => message.role)).toEqual(['user', 'assistant']);
    const ownersHistory = (
      await inject('GET', '/api/v1/chat/history', owner.token)
    ).json<ChatHistoryResponse>();
    expect(ownersHistory.items).toEqual([]);
  });

  it("still refuses a viewer's writes to the organisation with 403", async () => {
    const write = await inject('POST', '/api/dashboard/roi/campaigns', viewer, {
      name: 'Not mine to add',
      channel: 'youtube_ads',
      amount: 10,
      startDate: '2025-04-01',
      endDate: '2025-04-02',
    });
    expect(write.statusCode).toBe(403);
    expect(write.json().error.code).toBe('FORBIDDEN');
  });
});
