/**
 * Open-loop load at a steady rate, from its own process.
 *
 * - Open loop: request n is sent at `start + n / rate` whether or not earlier ones have been
 *   answered, and its latency is counted from that intended moment (so a stalled server cannot
 *   hide its queue by slowing the client down: no coordinated omission).
 * - Steady: autocannon's `overallRate` is a per-second budget per connection, spent back to back
 *   at the start of each second; at 100 req/s over 10 connections the server gets 10 requests at
 *   once and then nothing, so its p99 is the queue of a burst, not the tail at 100 req/s. Here the
 *   arrivals are evenly spaced (every 10 ms at 100 req/s).
 * - Own process: a real client is never on the server's event loop, so the client's work and
 *   garbage collections do not add to the tail it measures. The parent forks this file (with its
 *   own tsx loader) and sends the options over IPC; the child answers the summary the same way.
 * - Steady state: the load runs for `warmUp` seconds at the same rate before the counted
 *   `duration` (as wrk2's calibration does). A freshly forked client compiles its HTTP path and
 *   opens its sockets on the first requests: measured on a 2-core VM, its first 50–100 ms arrived
 *   up to 190 ms late, which alone set the p99 of a 10-second run.
 */
import { fork } from 'node:child_process';
import http from 'node:http';

export type OpenLoopOptions = {
  url: string;
  /** URLs sent in turn instead of `url` (e.g. distinct queries, so no answer is cached). */
  urls?: string[];
  headers: Record<string, string>;
  /** Requests per second. */
  rate: number;
  /** Seconds counted. */
  duration: number;
  /** Seconds at the same rate before the counted ones (not counted); 1 by default. */
  warmUp?: number;
};

export type OpenLoopSummary = {
  requests: number;
  perSecond: number;
  errors: number;
  non2xx: number;
  latency: { p50: number; p90: number; p99: number; max: number };
};

/** Runs the load in a child process and answers its summary. */
export function openLoop(options: OpenLoopOptions): Promise<OpenLoopSummary> {
  return new Promise((resolve, reject) => {
    const child = fork(import.meta.filename, ['--child'], { stdio: 'inherit' });
    child.once('message', (message) => {
      resolve(message as OpenLoopSummary);
      child.disconnect();
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`load generator exited with ${code}`));
    });
    child.send(options);
  });
}

const percentile = (sorted: number[], share: number) =>
  sorted.length === 0
    ? 0
    : Number(sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!.toFixed(2));

async function run({
  url,
  urls,
  headers,
  rate,
  duration,
  warmUp = 1,
}: OpenLoopOptions): Promise<OpenLoopSummary> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const uncounted = Math.round(rate * warmUp);
  const total = uncounted + Math.round(rate * duration);
  const spacing = 1000 / rate;
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;
  const started = performance.now();
  let countedFrom = Number.POSITIVE_INFINITY;
  await new Promise<void>((resolve) => {
    let sent = 0;
    let finished = 0;
    const finish = () => {
      finished += 1;
      if (finished === total) resolve();
    };
    const send = (intended: number, isCounted: boolean) => {
      const target = urls && urls.length > 0 ? urls[sent % urls.length]! : url;
      const outgoing = http.get(target, { agent, headers }, (response) => {
        response.resume();
        response.on('end', () => {
          if ((response.statusCode ?? 500) >= 300) non2xx += 1;
          if (isCounted) latencies.push(performance.now() - intended);
          finish();
        });
      });
      outgoing.on('error', () => {
        errors += 1;
        finish();
      });
    };
    const tick = () => {
      // Every request whose moment has come (a late timer sends the ones it owes at once).
      while (sent < total && started + sent * spacing <= performance.now()) {
        if (sent === uncounted) countedFrom = started + sent * spacing;
        send(started + sent * spacing, sent >= uncounted);
        sent += 1;
      }
      if (sent < total) setTimeout(tick, Math.max(0, started + sent * spacing - performance.now()));
    };
    tick();
  });
  const elapsed = (performance.now() - countedFrom) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requests: total - uncounted,
    perSecond: Number(((total - uncounted) / elapsed).toFixed(1)),
    errors,
    non2xx,
    latency: {
      p50: percentile(latencies, 0.5),
      p90: percentile(latencies, 0.9),
      p99: percentile(latencies, 0.99),
      max: percentile(latencies, 1),
    },
  };
}

if (process.argv.includes('--child')) {
  process.once('message', (options) => {
    void run(options as OpenLoopOptions).then((summary) => process.send!(summary));
  });
}
