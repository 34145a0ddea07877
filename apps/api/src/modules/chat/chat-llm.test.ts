import type { SendMessageResponse } from '@crescendo/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createUser, type TestApp } from '../../testing/build-test-app';
import { databaseTargets } from '../../testing/test-database';
import { loadConfig } from '../../config/env';
import { assistantErrorMessages } from './chat.service';

const apiKey = 'sk-test-secret-key-0123456789abcdef';
const llmEnv = {
  LLM_BASE_URL: 'http://llm.invalid/v1',
  LLM_API_KEY: apiKey,
  LLM_MODEL: 'test-model',
};

/** An OpenAI-compatible chat-completions stream, as OpenAI, Ollama or vLLM send it. */
function completionStream(chunks: Record<string, unknown>[]): Response {
  const body = [
    ...chunks.map(
      (delta) =>
        `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'test-model', choices: [{ index: 0, ...delta }] })}\n\n`,
    ),
    'data: [DONE]\n\n',
  ].join('');
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

describe.each(databaseTargets)('an OpenAI-compatible model on %s', (target) => {
  let testApp: TestApp | undefined;
  afterEach(async () => {
    await testApp?.close();
    testApp = undefined;
  });

  it(
    'calls the tools over the provider’s API and answers with their sources',
    { timeout: 90_000 },
    async () => {
      const requests: { authorization: string | null; body: Record<string, unknown> }[] = [];
      testApp = await buildTestApp(target, {
        env: llmEnv,
        assistantOverrides: {
          fetch: async (_url, init) => {
            const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
            requests.push({
              authorization: new Headers(init?.headers).get('authorization'),
              body,
            });
            if (requests.length === 1) {
              return completionStream([
                {
                  delta: {
                    role: 'assistant',
                    tool_calls: [
                      {
                        index: 0,
                        id: 'call_1',
                        type: 'function',
                        function: { name: 'get_data_freshness', arguments: '{}' },
                      },
                    ],
                  },
                  finish_reason: null,
                },
                { delta: {}, finish_reason: 'tool_calls' },
              ]);
            }
            return completionStream([
              { delta: { role: 'assistant', content: 'No accounts are ' }, finish_reason: null },
              { delta: { content: 'connected yet.' }, finish_reason: null },
              { delta: {}, finish_reason: 'stop' },
            ]);
          },
        },
      });
      const artist = await createUser(testApp);
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/v1/chat/send-message',
        headers: bearer(artist.token),
        payload: { message: 'Is my data up to date?' },
      });
      expect(response.statusCode).toBe(200);
      const answer = response.json<SendMessageResponse>();
      expect(answer.message.content).toBe('No accounts are connected yet.');
      expect(answer.message.sources.map((source) => source.tool)).toEqual(['get_data_freshness']);
      expect(requests).toHaveLength(2);
      expect(requests[0]!.authorization).toBe(`Bearer ${apiKey}`);
      expect(requests[0]!.body.model).toBe('test-model');
      expect((requests[0]!.body.tools as unknown[]).length).toBe(13);
      // The tool's result goes back to the model as a tool message.
      expect(JSON.stringify(requests[1]!.body.messages)).toContain('"hasConnections\\":false');
    },
  );

  it(
    'never logs or answers with the key when the provider fails, and keeps the question',
    { timeout: 90_000 },
    async () => {
      testApp = await buildTestApp(target, {
        env: llmEnv,
        captureLogs: true,
        assistantOverrides: {
          fetch: async () =>
            new Response(
              JSON.stringify({
                error: {
                  message: `Incorrect API key provided: ${apiKey}`,
                  type: 'invalid_request_error',
                },
              }),
              { status: 401, headers: { 'content-type': 'application/json' } },
            ),
        },
      });
      const artist = await createUser(testApp);
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/v1/chat/send-message',
        headers: bearer(artist.token),
        payload: { message: 'How many views did I get last month?' },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json().error.message).toBe(assistantErrorMessages.model);
      expect(response.body).not.toContain(apiKey);
      const logs = testApp.logs.join('\n');
      expect(logs).toContain('assistant failed');
      expect(logs).toContain('[REDACTED]');
      expect(logs).not.toContain(apiKey);
      const history = await testApp.app.inject({
        method: 'GET',
        url: '/api/v1/chat/history',
        headers: bearer(artist.token),
      });
      expect(history.json().items.map((message: { role: string }) => message.role)).toEqual([
        'user',
      ]);
    },
  );
});

describe('assistant configuration', () => {
  it('runs the built-in analyst unless all three LLM settings are given', () => {
    expect(loadConfig({}).assistant.llm).toBeNull();
    expect(loadConfig(llmEnv).assistant.llm).toEqual({
      baseUrl: 'http://llm.invalid/v1',
      apiKey,
      model: 'test-model',
    });
    expect(() => loadConfig({ LLM_BASE_URL: 'http://llm.invalid/v1', LLM_MODEL: 'm' })).toThrow(
      'Invalid configuration: LLM_API_KEY is required when an LLM is configured (set LLM_BASE_URL, LLM_API_KEY and LLM_MODEL together)',
    );
    expect(() => loadConfig({ ...llmEnv, ASSISTANT_TIMEOUT_MS: '5' })).toThrow(
      /ASSISTANT_TIMEOUT_MS/,
    );
  });
});
