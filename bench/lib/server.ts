import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

/**
 * The environment settings and node flags of `npm start` (package.json's start script:
 * `[NAME=value …] node <flags> scripts/start.mjs`), so a bench runs the product's process exactly
 * as that command does (decisions 0025, 0040).
 */
export const { startEnv, startNodeFlags } = (() => {
  const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
  const words = String(manifest.scripts.start).split(/\s+/);
  const settings: Record<string, string> = {};
  while (words[0] && /^[A-Z_][A-Z0-9_]*=/.test(words[0])) {
    const [name, ...value] = words.shift()!.split('=');
    settings[name!] = value.join('=');
  }
  const [command, ...args] = words;
  if (command !== 'node' || args.at(-1) !== 'scripts/start.mjs') {
    throw new Error(
      `npm start is not "[NAME=value …] node [flags] scripts/start.mjs": ${manifest.scripts.start}`,
    );
  }
  return { startEnv: settings, startNodeFlags: args.slice(0, -1) };
})();

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

export type RunningServer = {
  url: string;
  process: ChildProcess;
  startedInMs: number;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  stop(): Promise<void>;
};

/** Starts the product exactly as `npm start` does and waits for a healthy /api/health. */
export async function startProduct(env: Record<string, string>): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const script = path.join(repoRoot, 'scripts/start.mjs');
  const child = spawn(process.execPath, [...startNodeFlags, script], {
    cwd: repoRoot,
    env: {
      ...process.env,
      ...startEnv,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: `http://localhost:${port}`,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server not healthy in time:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const startedInMs = performance.now() - started;
  return {
    url,
    process: child,
    startedInMs,
    output: () => output,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export function residentSetMegabytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kilobytes / 1024);
}

export async function signInDemoArtist(url: string): Promise<string> {
  return fetchSessionToken(url, await signInDemoSession(url));
}

/** Signs the demo artist in: the session cookie, as the browser keeps it. */
export async function signInDemoSession(url: string): Promise<string> {
  const signIn = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url.replace('127.0.0.1', 'localhost') },
    body: JSON.stringify({ email: 'artist@example.com', password: 'crescendo-demo' }),
  });
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  return signIn.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
}

/** A bearer token for the session (it lives 15 minutes; the web app fetches a new one as well). */
export async function fetchSessionToken(url: string, cookie: string): Promise<string> {
  const token = await fetch(`${url}/api/auth/token`, { headers: { cookie } });
  if (!token.ok) throw new Error(`token: ${token.status} ${await token.text()}`);
  return ((await token.json()) as { token: string }).token;
}

export function writeResult(name: string, result: unknown): void {
  const file = path.join(repoRoot, 'bench/results', `${name}.json`);
  fs.writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\nwritten ${path.relative(repoRoot, file)}`);
}
