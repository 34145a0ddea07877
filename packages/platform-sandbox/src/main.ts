import { parseArgs } from 'node:util';
import { startSandboxServer } from './server';

/** `npx tsx packages/platform-sandbox/src/main.ts --port 4010 [--host 0.0.0.0] [--seed 42] [--now 2025-06-01T12:00:00Z]` */
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4010' },
    host: { type: 'string', default: '127.0.0.1' },
    seed: { type: 'string' },
    now: { type: 'string' },
    log: { type: 'boolean', default: false },
  },
});

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`Invalid --port ${values.port}`);
  process.exit(1);
}

const sandbox = await startSandboxServer({
  port,
  host: values.host,
  ...(values.seed !== undefined ? { seed: Number(values.seed) } : {}),
  ...(values.now !== undefined ? { now: values.now } : {}),
  isLoggerEnabled: values.log,
});
process.stdout.write(`Platform sandbox listening on ${sandbox.url}\n`);
process.stdout.write(`  YouTube Data:      ${sandbox.url}/youtube/v3\n`);
process.stdout.write(`  YouTube Analytics: ${sandbox.url}/youtubeanalytics/v2\n`);
process.stdout.write(`  Google OAuth:      ${sandbox.url}/oauth2/{auth,token,revoke}\n`);
process.stdout.write(`  Meta Graph:        ${sandbox.url}/graph/v21.0\n`);
process.stdout.write(`  Facebook Login:    ${sandbox.url}/facebook/dialog/oauth\n`);
process.stdout.write(`  Control:           ${sandbox.url}/__control/state\n`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void sandbox.close().then(() => process.exit(0));
  });
}
