import type { LanguageModelV3, LanguageModelV3CallOptions } from '@ai-sdk/provider';
import {
  getPlan,
  type ChatHistoryResponse,
  type ChatStreamEvent,
  type SendMessageResponse,
} from '@crescendo/contracts';
import { MockLanguageModelV3, convertArrayToReadableStream } from 'ai/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createUser,
  type SignedInUser,
  type TestApp,
} from '../../testing/build-test-app';
import { databaseTargets } from '../../testing/test-database';
import { createBuiltInAnalyst } from './analyst/analyst-model';
import { assistantErrorMessages } from './chat.service';
import { recordUsage } from '../billing';

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};

function textStream(text: string) {
  return {
    stream: convertArrayToReadableStream([
      { type: 'stream-start' as const, warnings: [] },
      { type: 'text-start' as const, id: 't' },
      { type: 'text-delta' as const, id: 't', delta: text },
      { type: 'text-end' as const, id: 't' },
      { type: 'finish' as const, usage, finishReason: { unified: 'stop' as const, raw: 'stop' } },
    ]),
  };
}

function toolCallStream(toolName: string, input: Record<string, unknown>) {
  return {
    stream: convertArrayToReadableStream([
      { type: 'stream-start' as const, warnings: [] },
      {
        type: 'tool-call' as const,
        toolCallId: `call-${toolName}`,
        toolName,
        input: JSON.stringify(input),
      },
      {
        type: 'finish' as const,
        usage,
        finishReason: { unified: 'tool-calls' as const, raw: 'tool_calls' },
      },
    ]),
  };
}

/** Server-sent events of a response body, in order. */
function eventsOf(body: string): ChatStreamEvent[] {
  return body
    .split('\n\n')
    .filter((block) => block.trim())
    .map((block) => {
      const data = block.split('\n').find((line) => line.startsWith('data: '))!;
      return JSON.parse(data.slice(6)) as ChatStreamEvent;
    });
}

describe.each(databaseTargets)('assistant conversations on %s', (target) => {
  let testApp: TestApp;
  /** The model the app runs; null = the built-in analyst. Tests swap in AI SDK mock models. */
  let current: LanguageModelV3 | null = null;
  const analyst = createBuiltInAnalyst({ now: () => new Date('2025-06-15T12:00:00Z') });
  const model: LanguageModelV3 = {
    specificationVersion: 'v3',
    provider: 'test',
    modelId: 'switchable',
    supportedUrls: {},
    doGenerate: (options) => (current ?? analyst).doGenerate(options),
    doStream: (options) => (current ?? analyst).doStream(options),
  };

  beforeAll(async () => {
    testApp = await buildTestApp(target, {
      env: {
        ASSISTANT_MESSAGES_PER_MINUTE: '6',
        ASSISTANT_TIMEOUT_MS: '1000',
        ASSISTANT_MAX_STEPS: '3',
      },
      assistantOverrides: { model },
    });
  }, 180_000);
  afterAll(async () => testApp?.close());

  const send = (user: SignedInUser, payload: Record<string, unknown>) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/v1/chat/send-message',
      headers: bearer(user.token),
      payload,
    });
  const history = async (user: SignedInUser, query = '') => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/api/v1/chat/history${query}`,
      headers: bearer(user.token),
    });
    return response;
  };

  it('stores the question and the answer; history lists them oldest first, paged', async () => {
    current = null;
    const artist = await createUser(testApp);
    const first = await send(artist, { message: 'How many views did I get last month?' });
    expect(first.statusCode).toBe(200);
    const answer = first.json<SendMessageResponse>();
    expect(answer.message.role).toBe('assistant');
    expect(answer.message.content).toContain('connect YouTube, Instagram or Facebook');
    expect(first.headers['x-conversation-id']).toBe(answer.conversationId);

    const second = await send(artist, {
      message: 'Where are my fans?',
      conversationId: answer.conversationId,
    });
    expect(second.json<SendMessageResponse>().conversationId).toBe(answer.conversationId);

    const all = (await history(artist)).json<ChatHistoryResponse>();
    expect(all.total).toBe(4);
    expect(all.items.map((message) => [message.role, message.content.slice(0, 18)])).toEqual([
      ['user', 'How many views did'],
      ['assistant', answer.message.content.slice(0, 18)],
      ['user', 'Where are my fans?'],
      ['assistant', expect.any(String)],
    ]);
    const page = (await history(artist, '?pageSize=1&page=3')).json<ChatHistoryResponse>();
    expect(page.items).toHaveLength(1);
    expect(page.items[0]!.content).toBe('Where are my fans?');

    const conversations = await testApp.app.inject({
      method: 'GET',
      url: '/api/v1/chat/conversations',
      headers: bearer(artist.token),
    });
    expect(conversations.json()).toEqual({
      items: [
        expect.objectContaining({
          id: answer.conversationId,
          title: 'How many views did I get last month?',
        }),
      ],
    });
  });

  it('renames and deletes conversations; nobody else can read, answer into, rename or delete them', async () => {
    current = null;
    const artist = await createUser(testApp);
    const stranger = await createUser(testApp);
    const { conversationId } = (
      await send(artist, { message: 'Is my data up to date?' })
    ).json<SendMessageResponse>();

    const theirs = [
      await send(stranger, { message: 'hello', conversationId }),
      await history(stranger, `?conversationId=${conversationId}`),
      await testApp.app.inject({
        method: 'PATCH',
        url: `/api/v1/chat/conversations/${conversationId}`,
        headers: bearer(stranger.token),
        payload: { title: 'Mine now' },
      }),
      await testApp.app.inject({
        method: 'DELETE',
        url: `/api/v1/chat/conversations/${conversationId}`,
        headers: bearer(stranger.token),
      }),
    ];
    for (const response of theirs) {
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toEqual({
        code: 'NOT_FOUND',
        message: 'Conversation not found',
      });
    }
    expect((await history(stranger)).json<ChatHistoryResponse>().total).toBe(0);

    const renamed = await testApp.app.inject({
      method: 'PATCH',
      url: `/api/v1/chat/conversations/${conversationId}`,
      headers: bearer(artist.token),
      payload: { title: '  Data freshness  ' },
    });
    expect(renamed.json().conversation.title).toBe('Data freshness');
    const removed = await testApp.app.inject({
      method: 'DELETE',
      url: `/api/v1/chat/conversations/${conversationId}`,
      headers: bearer(artist.token),
    });
    expect(removed.statusCode).toBe(204);
    expect((await history(artist)).json<ChatHistoryResponse>().total).toBe(0);
  });

  it('rejects empty, over-long and unknown input with 400 and stores nothing', async () => {
    const artist = await createUser(testApp);
    const empty = await send(artist, { message: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.details.fields).toEqual([
      { field: 'message', message: 'Message is required' },
    ]);
    const long = await send(artist, { message: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.details.fields).toEqual([
      { field: 'message', message: 'Keep a message under 2,000 characters' },
    ]);
    expect((await send(artist, { message: 'hi', organizationId: 'x' })).statusCode).toBe(400);
    expect((await send(artist, { message: 'hi', conversationId: 'nope' })).statusCode).toBe(400);
    expect((await history(artist)).json<ChatHistoryResponse>().total).toBe(0);
    const unauthenticated = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/chat/send-message',
      payload: { message: 'hi' },
    });
    expect(unauthenticated.statusCode).toBe(401);
  });

  it('streams the answer as server-sent events: start, deltas, done', async () => {
    current = null;
    const artist = await createUser(testApp);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/chat/stream',
      headers: bearer(artist.token),
      payload: { message: 'What can you do?' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/event-stream');
    const events = eventsOf(response.body);
    expect(events[0]).toMatchObject({ type: 'start' });
    const deltas = events.filter((event) => event.type === 'delta');
    expect(deltas.length).toBeGreaterThan(1);
    const done = events.at(-1)!;
    expect(done.type).toBe('done');
    if (done.type !== 'done') return;
    expect(
      deltas
        .map((event) => event.text)
        .join('')
        .trim(),
    ).toBe(done.message.content);
    const stored = (await history(artist)).json<ChatHistoryResponse>();
    expect(stored.items.map((message) => message.id)).toContain(done.message.id);
  });

  it('keeps the question when the model fails, says so clearly, and answers it on retry', async () => {
    const artist = await createUser(testApp);
    current = new MockLanguageModelV3({
      doStream: async () => {
        throw new Error('upstream 500');
      },
    });
    const failed = await send(artist, { message: 'How many views did I get this year?' });
    expect(failed.statusCode).toBe(503);
    expect(failed.json().error).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: assistantErrorMessages.model,
    });
    const conversationId = failed.headers['x-conversation-id'] as string;
    const kept = (
      await history(artist, `?conversationId=${conversationId}`)
    ).json<ChatHistoryResponse>();
    expect(kept.items.map((message) => [message.role, message.content])).toEqual([
      ['user', 'How many views did I get this year?'],
    ]);

    current = new MockLanguageModelV3({ doStream: textStream('Here it is.') });
    const retried = await testApp.app.inject({
      method: 'POST',
      url: `/api/v1/chat/conversations/${conversationId}/retry`,
      headers: bearer(artist.token),
    });
    expect(retried.statusCode).toBe(200);
    expect(retried.json<SendMessageResponse>().message.content).toBe('Here it is.');
    const again = await testApp.app.inject({
      method: 'POST',
      url: `/api/v1/chat/conversations/${conversationId}/retry`,
      headers: bearer(artist.token),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(assistantErrorMessages.nothingToRetry);
    const after = (
      await history(artist, `?conversationId=${conversationId}`)
    ).json<ChatHistoryResponse>();
    expect(after.items.map((message) => message.role)).toEqual(['user', 'assistant']);
  });

  it('times out a model that does not answer, keeps the conversation, and retries over the stream', async () => {
    const artist = await createUser(testApp);
    current = new MockLanguageModelV3({
      doStream: (options: LanguageModelV3CallOptions) =>
        new Promise((_resolve, reject) => {
          options.abortSignal?.addEventListener('abort', () => reject(options.abortSignal?.reason));
        }),
    });
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/chat/stream',
      headers: bearer(artist.token),
      payload: { message: 'Why did my views spike?' },
    });
    const events = eventsOf(response.body);
    const start = events[0]!;
    expect(start.type).toBe('start');
    expect(events.at(-1)).toEqual({
      type: 'error',
      conversationId: start.type === 'start' ? start.conversationId : '',
      code: 'SERVICE_UNAVAILABLE',
      message: assistantErrorMessages.timeout,
    });

    current = new MockLanguageModelV3({ doStream: textStream('No spike found.') });
    const retried = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/chat/stream',
      headers: bearer(artist.token),
      payload: { conversationId: start.type === 'start' ? start.conversationId : '', retry: true },
    });
    expect(eventsOf(retried.body).at(-1)).toMatchObject({
      type: 'done',
      message: { content: 'No spike found.' },
    });
  });

  it('runs a tool-calling model within the step limit, with the caller bound to the tools', async () => {
    const artist = await createUser(testApp);
    const calling = new MockLanguageModelV3({
      doStream: [
        // A model trying to reach another organisation: the extra keys are not tool inputs.
        toolCallStream('get_data_freshness', { organizationId: 'someone-else', userId: 'x' }),
        textStream('You have no connected accounts yet.'),
      ],
    });
    current = calling;
    const answered = await send(artist, { message: 'Is my data fresh?' });
    expect(answered.statusCode).toBe(200);
    expect(answered.json<SendMessageResponse>().message.sources).toEqual([
      expect.objectContaining({ tool: 'get_data_freshness', platform: 'all' }),
    ]);
    const toolMessage = calling.doStreamCalls[1]!.prompt.find(
      (message) => message.role === 'tool',
    )!;
    expect(JSON.stringify(toolMessage.content)).toContain('"hasConnections":false');
    expect(calling.doStreamCalls[0]!.tools?.map((tool) => tool.name).sort()).toEqual([
      'explain_metric',
      'get_audience',
      'get_campaign_roi',
      'get_data_freshness',
      'get_metrics',
      'get_milestone_forecast',
      'get_posting_patterns',
      'get_revenue',
      'get_song',
      'get_songs',
      'get_spikes',
      'get_top_content',
      'get_tour_cities',
    ]);

    const looping = new MockLanguageModelV3({
      doStream: async () => toolCallStream('get_data_freshness', {}),
    });
    current = looping;
    const stopped = await send(artist, { message: 'Loop forever' });
    expect(looping.doStreamCalls).toHaveLength(3);
    expect(stopped.statusCode).toBe(503);
  });

  it("counts each new message against the plan's monthly messages and refuses past it", async () => {
    current = new MockLanguageModelV3({ doStream: async () => textStream('ok') });
    const artist = await createUser(testApp);
    const allowed = getPlan('free').limits.assistantMessages!;
    for (let index = 1; index < allowed; index += 1) {
      await recordUsage(
        testApp.database.db,
        artist.me.organization.id,
        'assistantMessages',
        `earlier:${index}`,
      );
    }
    expect((await send(artist, { message: 'the last one this month' })).statusCode).toBe(200);
    const refused = await send(artist, { message: 'one past the plan' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'PLAN_LIMIT',
      details: { limit: 'assistantMessages', allowed, plan: 'free' },
    });
    const stored = (await history(artist)).json<ChatHistoryResponse>();
    expect(stored.items.some((message) => message.content === 'one past the plan')).toBe(false);
  });

  it('limits how fast one user sends messages, storing none past the limit', async () => {
    current = new MockLanguageModelV3({ doStream: async () => textStream('ok') });
    const artist = await createUser(testApp);
    // Six a minute in fixed windows: a minute boundary crossed mid-test may let six more through,
    // never more, so the test holds on a slow machine too.
    let accepted = 0;
    let limited: Awaited<ReturnType<typeof send>> | undefined;
    for (let index = 0; index < 13 && !limited; index += 1) {
      const response = await send(artist, { message: `question ${index}` });
      if (response.statusCode === 429) limited = response;
      else {
        expect(response.statusCode).toBe(200);
        accepted += 1;
      }
    }
    expect(accepted).toBeGreaterThanOrEqual(6);
    expect(accepted).toBeLessThanOrEqual(12);
    expect(limited?.json().error).toMatchObject({
      code: 'RATE_LIMITED',
      message: assistantErrorMessages.rateLimited,
      details: { retryAfterSeconds: expect.any(Number) },
    });
    const stored = (await history(artist)).json<ChatHistoryResponse>();
    expect(stored.items.some((message) => message.content === `question ${accepted}`)).toBe(false);
    // Another user has their own allowance.
    expect((await send(await createUser(testApp), { message: 'hi' })).statusCode).toBe(200);
  });
});
