import { Worker, type WorkerOptions } from 'node:worker_threads';
import type { ParsedRow } from './types';

// Parsing a file on a worker thread (decision 0038): the same parsers as `openImport`, off the
// thread that serves requests and, on PGlite, writes the rows. The job reads rows as before.

/** To the worker: the file's next bytes (or its end) when asked, and demand for the next batch. */
export type ToParser = { type: 'chunk'; bytes: Uint8Array } | { type: 'end' } | { type: 'more' };

/** From the worker: a request for bytes, a batch of rows, the end, or why the file was refused. */
export type FromParser =
  | { type: 'need' }
  | { type: 'rows'; rows: ParsedRow[] }
  | { type: 'done' }
  | { type: 'error'; message: string };

/** Why a file fails when reading it would take more memory than the worker may use. */
export const tooLargeMessage = 'reading it needs more memory than one import may use';

/**
 * The worker: the bundle's `parse-worker.mjs` beside `server.mjs` when the API runs built, the
 * TypeScript source beside this file through tsx when it runs from source (tests, `npm run dev`).
 */
function startWorker(options: WorkerOptions): Worker {
  if (!import.meta.url.endsWith('.ts')) {
    return new Worker(new URL('./parse-worker.mjs', import.meta.url), options);
  }
  const source = new URL('./parse-worker.ts', import.meta.url).href;
  return new Worker(
    `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(source)}, ${JSON.stringify(source)}))`,
    { ...options, eval: true },
  );
}

/**
 * The rows of a file, parsed on a worker thread one batch ahead of the reader. A file that is no
 * known format (or cannot be read) throws with the same message `openImport` gives; an input that
 * fails throws its own error. Stopping early ends the worker.
 */
export async function* parseInWorker(
  input: AsyncIterable<Uint8Array>,
  options: {
    fileName: string;
    batchSize: number;
    /** The worker's old-generation heap limit (64 MB): a file needing more fails, the process stays. */
    heapLimitMb?: number;
  },
): AsyncGenerator<ParsedRow> {
  const worker = startWorker({
    workerData: { fileName: options.fileName, batchSize: options.batchSize },
    execArgv: [],
    // A batch of rows and the parser's state are a few MB. A small young generation keeps the
    // worker's share of RSS small (the import's memory target, decision 0038), and a file that
    // would need far more fails its import instead of growing the process.
    resourceLimits: {
      maxYoungGenerationSizeMb: 8,
      maxOldGenerationSizeMb: options.heapLimitMb ?? 64,
    },
  });
  const chunks = input[Symbol.asyncIterator]();
  const received: FromParser[] = [];
  const state: { failure: { error: unknown } | null; wake: (() => void) | null } = {
    failure: null,
    wake: null,
  };
  const fail = (error: unknown) => {
    state.failure ??= { error };
    state.wake?.();
  };
  async function feed() {
    try {
      const next = await chunks.next();
      worker.postMessage(
        (next.done ? { type: 'end' } : { type: 'chunk', bytes: next.value }) satisfies ToParser,
      );
    } catch (error) {
      fail(error);
    }
  }
  worker.on('message', (message: FromParser) => {
    if (message.type === 'need') {
      void feed();
      return;
    }
    received.push(message);
    state.wake?.();
  });
  worker.on('error', (error: Error & { code?: string }) =>
    fail(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new Error(tooLargeMessage) : error),
  );
  // Its last message arrives before it exits: an exit is a failure only if nothing ended the rows.
  worker.on('exit', (code) => fail(new Error(`the parser stopped (exit code ${code})`)));
  try {
    for (;;) {
      while (received.length === 0 && !state.failure) {
        await new Promise<void>((resolve) => (state.wake = resolve));
        state.wake = null;
      }
      const message = received.shift();
      if (!message) throw state.failure!.error;
      if (message.type === 'done') return;
      if (message.type === 'error') throw new Error(message.message);
      if (message.type !== 'rows') continue;
      worker.postMessage({ type: 'more' } satisfies ToParser);
      yield* message.rows;
    }
  } finally {
    await worker.terminate();
    await chunks.return?.();
  }
}
