/**
 * Open-loop load from its own process: a real client is never on the server's event loop, so
 * autocannon's own work and garbage collections must not add to the tail it measures. The parent
 * forks this file (with its own tsx loader) and sends autocannon's options over IPC; this answers
 * the result the same way. `openLoop` is the parent's side.
 */
import { fork } from 'node:child_process';
import autocannon from 'autocannon';

type Summary = Pick<autocannon.Result, 'errors' | 'timeouts' | 'non2xx'> & {
  latency: Pick<autocannon.Histogram, 'p50' | 'p90' | 'p99' | 'max'>;
  requests: Pick<autocannon.Histogram, 'average'>;
};

/** Runs autocannon with `options` in a child process and answers its summary. */
export function openLoop(options: autocannon.Options): Promise<Summary> {
  return new Promise((resolve, reject) => {
    const child = fork(import.meta.filename, ['--child'], { stdio: 'inherit' });
    child.once('message', (message) => {
      resolve(message as Summary);
      child.disconnect();
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`load generator exited with ${code}`));
    });
    child.send(options);
  });
}

if (process.argv.includes('--child')) {
  process.once('message', (options) => {
    void autocannon(options as autocannon.Options).then((result) => {
      const summary: Summary = {
        errors: result.errors,
        timeouts: result.timeouts,
        non2xx: result.non2xx,
        latency: {
          p50: result.latency.p50,
          p90: result.latency.p90,
          p99: result.latency.p99,
          max: result.latency.max,
        },
        requests: { average: result.requests.average },
      };
      process.send!(summary);
    });
  });
}
