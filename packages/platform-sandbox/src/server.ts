import Fastify, { type FastifyInstance } from 'fastify';
import type { PlatformSandboxOptions } from './options';
import { platformSandbox } from './plugin';

export type CreateSandboxAppOptions = PlatformSandboxOptions & {
  /** Fastify logger; off by default so tests stay quiet. */
  isLoggerEnabled?: boolean;
};

/** A standalone Fastify app with the sandbox at the root, for `inject()` tests. */
export function createSandboxApp(options: CreateSandboxAppOptions = {}): FastifyInstance {
  const { isLoggerEnabled, ...sandboxOptions } = options;
  const app = Fastify({ logger: isLoggerEnabled ?? false });
  void app.register(platformSandbox, sandboxOptions);
  return app;
}

export type StartSandboxServerOptions = CreateSandboxAppOptions & {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
};

export type RunningSandbox = { url: string; close(): Promise<void> };

/** Listens on a real port; `url` is the sandbox root (append /youtube/v3, /graph/v21.0, ...). */
export async function startSandboxServer(
  options: StartSandboxServerOptions = {},
): Promise<RunningSandbox> {
  const { port = 0, host = '127.0.0.1', ...appOptions } = options;
  const app = createSandboxApp(appOptions);
  await app.listen({ port, host });
  const address = app.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${urlHost === '0.0.0.0' ? '127.0.0.1' : urlHost}:${actualPort}`,
    close: async () => {
      await app.close();
    },
  };
}
