import { parentPort, workerData } from 'node:worker_threads';
import { openImport } from './parsers';
import {
  prepareRows,
  type FromPreparer,
  type PreparedFile,
  type ToPreparer,
} from './prepare-in-worker';
import { noFigures } from './prepared-batches';

// The import's worker thread (decisions 0038, 0040): reads the file's bytes as the job hands them
// over, parses them with the same parsers, and posts batches ready to write, one batch ahead; a
// batch's statement lines move to the job's thread as bytes (transferred, not copied).

const port = parentPort!;
const { fileName, batchSize } = workerData as { fileName: string; batchSize: number };

/** Messages of one kind, in order: the input's chunks and the job's demand arrive interleaved. */
class Inbox<T> {
  private readonly queued: T[] = [];
  private readonly waiting: ((message: T) => void)[] = [];
  put(message: T) {
    const waiter = this.waiting.shift();
    if (waiter) waiter(message);
    else this.queued.push(message);
  }
  take(): Promise<T> {
    const message = this.queued.shift();
    return message
      ? Promise.resolve(message)
      : new Promise((resolve) => this.waiting.push(resolve));
  }
}
const input = new Inbox<Extract<ToPreparer, { type: 'chunk' | 'end' }>>();
const demand = new Inbox<Extract<ToPreparer, { type: 'more' }>>();
port.on('message', (message: ToPreparer) => {
  if (message.type === 'more') demand.put(message);
  else input.put(message);
});
const post = (message: FromPreparer, transfer: ArrayBuffer[] = []) =>
  port.postMessage(message, transfer);

async function* bytes(): AsyncGenerator<Uint8Array> {
  for (;;) {
    post({ type: 'need' });
    const message = await input.take();
    if (message.type === 'end') return;
    yield message.bytes;
  }
}

async function run() {
  let prepared: PreparedFile | null = null;
  try {
    const reader = await openImport(bytes(), { fileName });
    prepared = prepareRows(reader.rows, batchSize);
    for await (const batch of prepared.batches) {
      const lines = batch.statements?.lines.buffer;
      post({ type: 'batch', batch }, lines instanceof ArrayBuffer ? [lines] : []);
      // The job asks for the next batch as soon as it takes one: one batch made ahead.
      await demand.take();
    }
    post({ type: 'done', figures: prepared.figures() });
  } catch (error) {
    post({
      type: 'error',
      message: error instanceof Error ? error.message : String(error),
      figures: prepared?.figures() ?? noFigures(),
    });
  }
}

await run();
port.close();
