/**
 * The assistant's latency on the sandbox's `mid` persona: the built-in analyst's answer to a
 * rotating set of artist questions over real HTTP (keep-alive), as `send-message` (the whole turn:
 * storing the question, its tool calls through the analytics services, storing the answer) and as
 * the streaming form's time to the first streamed text. Targets: answer p95 ≤ 150 ms, first text
 * p95 ≤ 300 ms.
 * Usage: npx tsx bench/assistant.ts [--database=postgres|pglite] [--samples=200] [--days=400]
 */
import http from 'node:http';
import { startSandboxServer } from '@crescendo/platform-sandbox';
import {
  buildTestApp,
  bearer,
  createUser,
  testAppUrl,
} from '../apps/api/src/testing/build-test-app';
import { connectAs, drainSyncJobs, sandboxEnv } from '../apps/api/src/testing/sandbox-connections';
import { writeResult } from './lib/server';

const argument = (name: string, fallback: string) =>
  process.argv.find((value) => value.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const target = argument('database', 'postgres') as 'postgres' | 'pglite';
const samples = Number(argument('samples', '200'));
const days = Number(argument('days', '400'));
const now = '2025-06-15T12:00:00Z';
process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';

const questions = [
  'How many views did I get last month?',
  'How many followers did I gain this year?',
  'What were my top 5 videos in the last 90 days?',
  'Why did my views spike?',
  'When will I reach 100k followers?',
  'Where are my fans?',
  'Was my Spring single campaign worth it?',
  'Compare YouTube vs Instagram views this year',
  'How is Distant Signals doing?',
  'Is my data up to date?',
];

function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Number(
    sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * share) - 1)]!.toFixed(2),
  );
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** POSTs JSON; resolves when the first chunk matching `until` arrives (or the body ends). */
function post(
  url: string,
  token: string,
  body: unknown,
  until?: (text: string) => boolean,
): Promise<{ status: number; elapsed: number; body: string }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', ...bearer(token) },
      },
      (response) => {
        let text = '';
        let isResolved = false;
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
          if (!isResolved && until?.(text)) {
            isResolved = true;
            resolve({
              status: response.statusCode ?? 0,
              elapsed: performance.now() - started,
              body: text,
            });
          }
        });
        response.on('end', () => {
          if (!isResolved)
            resolve({
              status: response.statusCode ?? 0,
              elapsed: performance.now() - started,
              body: text,
            });
        });
      },
    );
    request.on('error', reject);
    request.end(JSON.stringify(body));
  });
}

const sandbox = await startSandboxServer({ port: 0, now });
const testApp = await buildTestApp(target, {
  env: {
    ...sandboxEnv(sandbox, days),
    ASSISTANT_MESSAGES_PER_MINUTE: '1000000',
    RATE_LIMIT_PER_USER: '1000000',
    RATE_LIMIT_PER_IP: '1000000',
  },
  now: () => new Date(now),
  platformOverrides: { retry: { baseDelayMs: 1, sleep: async () => {} } },
});
try {
  const artist = await createUser(testApp, 'customer');
  // The Team plan, paid through the payments sandbox: the run sends ~700 messages, past Free's 20.
  const checkout = await testApp.app.inject({
    method: 'POST',
    url: '/api/v1/stripe/create-checkout-session',
    headers: bearer(artist.token),
    payload: {
      priceId: 'price_sandbox_team',
      successUrl: `${testAppUrl}/success`,
      cancelUrl: `${testAppUrl}/cancel`,
    },
  });
  const sessionId = new URL(checkout.json<{ url: string }>().url).pathname.split('/').pop();
  const paid = await testApp.app.inject({
    method: 'POST',
    url: `/payments-sandbox/checkout/${sessionId}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'method=card&cardNumber=4242424242424242&expiry=12%2F34&cvc=123',
  });
  if (paid.statusCode !== 303) throw new Error(`sandbox checkout answered ${paid.statusCode}`);
  await connectAs(testApp, artist.token, 'youtube', 'mid');
  await connectAs(testApp, artist.token, 'meta', 'mid');
  const syncStarted = performance.now();
  await drainSyncJobs(testApp);
  console.log(`synced ${days} days of mid in ${Math.round(performance.now() - syncStarted)} ms`);
  await testApp.app.inject({
    method: 'POST',
    url: '/api/dashboard/roi/campaigns',
    headers: bearer(artist.token),
    payload: {
      name: 'Spring single ads',
      channel: 'youtube_ads',
      amount: 450,
      startDate: '2025-04-01',
      endDate: '2025-04-21',
    },
  });
  const base = await testApp.app.listen({ port: 0, host: '127.0.0.1' });

  const answer = (index: number) =>
    post(`${base}/api/v1/chat/send-message`, artist.token, {
      message: questions[index % questions.length],
    });
  const firstText = (index: number) =>
    post(
      `${base}/api/v1/chat/stream`,
      artist.token,
      { message: questions[index % questions.length] },
      (text) => text.includes('event: delta'),
    );

  for (let index = 0; index < questions.length * 2; index += 1) {
    const warm = await answer(index);
    if (warm.status !== 200) throw new Error(`send-message answered ${warm.status}: ${warm.body}`);
    await firstText(index);
  }
  // The dashboard's own overview, timed alongside: the same machine's reference for one tool read.
  const overview = () =>
    new Promise<number>((resolve, reject) => {
      const started = performance.now();
      http
        .get(
          `${base}/api/dashboard/analytics?range=28d`,
          { agent, headers: bearer(artist.token) },
          (response) => {
            response.resume();
            response.on('end', () => resolve(performance.now() - started));
          },
        )
        .on('error', reject);
    });
  const overviews: number[] = [];
  const answers: number[] = [];
  const firsts: number[] = [];
  const byQuestion = new Map<string, number[]>();
  for (let index = 0; index < samples; index += 1) {
    const timed = await answer(index);
    answers.push(timed.elapsed);
    const question = questions[index % questions.length]!;
    byQuestion.set(question, [...(byQuestion.get(question) ?? []), timed.elapsed]);
    firsts.push((await firstText(index)).elapsed);
    overviews.push(await overview());
  }
  const results = {
    database: target,
    persona: 'mid',
    days,
    samples,
    answerMs: { p50: percentile(answers, 0.5), p95: percentile(answers, 0.95), target: 150 },
    firstStreamedTextMs: {
      p50: percentile(firsts, 0.5),
      p95: percentile(firsts, 0.95),
      target: 300,
    },
    dashboardOverview28dMs: { p50: percentile(overviews, 0.5), p95: percentile(overviews, 0.95) },
    answerP95ByQuestion: Object.fromEntries(
      [...byQuestion].map(([question, values]) => [question, percentile(values, 0.95)]),
    ),
  };
  console.log(JSON.stringify(results, null, 2));
  writeResult(`assistant-${target}`, results);
} finally {
  agent.destroy();
  await testApp.close();
  await sandbox.close();
}
