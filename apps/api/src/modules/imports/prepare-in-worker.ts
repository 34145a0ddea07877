import { Worker, type WorkerOptions } from 'node:worker_threads';
import { BatchPreparer, noFigures, type FileFigures, type PreparedBatch } from './prepared-batches';
import type { ParsedRow } from './parsers/types';

// A file's batches, made where it is parsed (decisions 0038, 0040): on a worker thread, off the
// thread that serves requests and writes the rows (PGlite's), or on the job's own thread when a
// caller hands over its rows. The job reads batches the same way from either.

/** To the worker: the file's next bytes (or its end) when asked, and demand for the next batch. */
export type ToPreparer = { type: 'chunk'; bytes: Uint8Array } | { type: 'end' } | { type: 'more' };

/** From the worker: a request for bytes, a batch, the end, or why the file was refused. */
export type FromPreparer =
  | { type: 'need' }
  | { type: 'batch'; batch: PreparedBatch }
  | { type: 'done'; figures: FileFigures }
  | { type: 'error'; message: string; figures: FileFigures };

/** A file's batches in order, and its figures (complete once the batches end, or so far). */
export type PreparedFile = {
  batches: AsyncIterable<PreparedBatch>;
  figures(): FileFigures;
};

/** Why a file fails when reading it would take more memory than the worker may use. */
export const tooLargeMessage = 'reading it needs more memory than one import may use';

/** Batches of rows read on this thread: the next batch is made when the last one was taken. */
export function prepareRows(rows: AsyncIterable<ParsedRow>, batchSize: number): PreparedFile {
  const preparer = new BatchPreparer(batchSize);
  async function* batches() {
    for await (const row of rows) {
      const batch = preparer.add(row);
      if (batch) yield batch;
    }
    const last = preparer.take();
    if (last) yield last;
  }
  return { batches: batches(), figures: () => preparer.figures() };
}

/**
 * The worker: the bundle's `prepare-worker.mjs` beside `server.mjs` when the API runs built, the
 * TypeScript source beside this file through tsx when it runs from source (tests, `npm run dev`).
 */
function startWorker(options: WorkerOptions): Worker {
  if (!import.meta.url.endsWith('.ts')) {
    return new Worker(new URL('./prepare-worker.mjs', import.meta.url), options);
  }
  const source = new URL('./prepare-worker.ts', import.meta.url).href;
  return new Worker(
    `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(source)}, ${JSON.stringify(source)}))`,
    { ...options, eval: true },
  );
}

/**
 * A file parsed and batched on a worker thread, one batch ahead of the reader. A file that is no
 * known format (or cannot be read) throws with the same message `openImport` gives; an input that
 * fails throws its own error. Stopping early ends the worker.
 */
export function prepareInWorker(
  input: AsyncIterable<Uint8Array>,
  options: {
    fileName: string;
    batchSize: number;
    /** The worker's old-generation heap limit (64 MB): a file needing more fails, the process stays. */
    heapLimitMb?: number;
  },
): PreparedFile {
  let figures = noFigures();
  async function* batches(): AsyncGenerator<PreparedBatch> {
    const worker = startWorker({
      workerData: { fileName: options.fileName, batchSize: options.batchSize },
      execArgv: [],
      // A batch and the parser's state are a few MB. A small young generation keeps the worker's
      // share of RSS small (the import's memory target: 3 MB held the 200,000-line bench's peak
      // at +124-150 MB where 8 MB reached +155-170, decision 0040), and a file that would need
      // far more fails its import instead of growing the process.
      resourceLimits: {
        maxYoungGenerationSizeMb: 3,
        maxOldGenerationSizeMb: options.heapLimitMb ?? 64,
      },
    });
    const chunks = input[Symbol.asyncIterator]();
    const received: FromPreparer[] = [];
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
          (next.done ? { type: 'end' } : { type: 'chunk', bytes: next.value }) satisfies ToPreparer,
        );
      } catch (error) {
        fail(error);
      }
    }
    worker.on('message', (message: FromPreparer) => {
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
    // Its last message arrives before it exits: an exit is a failure only if nothing ended it.
    worker.on('exit', (code) => fail(new Error(`the parser stopped (exit code ${code})`)));
    try {
      for (;;) {
        while (received.length === 0 && !state.failure) {
          await new Promise<void>((resolve) => (state.wake = resolve));
          state.wake = null;
        }
        const message = received.shift();
        if (!message) throw state.failure!.error;
        if (message.type === 'done') {
          figures = message.figures;
          return;
        }
        if (message.type === 'error') {
          figures = message.figures;
          throw new Error(message.message);
        }
        if (message.type !== 'batch') continue;
        const { rowsTotal, lastLine } = message.batch;
        figures = { ...figures, rowsTotal, lastLine };
        worker.postMessage({ type: 'more' } satisfies ToPreparer);
        yield message.batch;
      }
    } finally {
      await worker.terminate();
      await chunks.return?.();
    }
  }
  return { batches: batches(), figures: () => figures };
}
