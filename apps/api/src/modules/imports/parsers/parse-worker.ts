import { parentPort, workerData } from 'node:worker_threads';
import { openImport } from './open-import';
import type { ParsedRow } from './types';
import type { FromParser, ToParser } from './parse-in-worker';

// The parse worker's thread (decision 0038): reads the file's bytes as the job hands them over,
// parses them with the same parsers, and posts the rows back in batches, one batch ahead.

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
const input = new Inbox<Extract<ToParser, { type: 'chunk' | 'end' }>>();
const demand = new Inbox<Extract<ToParser, { type: 'more' }>>();
port.on('message', (message: ToParser) => {
  if (message.type === 'more') demand.put(message);
  else input.put(message);
});
const post = (message: FromParser) => port.postMessage(message);

async function* bytes(): AsyncGenerator<Uint8Array> {
  for (;;) {
    post({ type: 'need' });
    const message = await input.take();
    if (message.type === 'end') return;
    yield message.bytes;
  }
}

async function run() {
  try {
    const reader = await openImport(bytes(), { fileName });
    let batch: ParsedRow[] = [];
    for await (const row of reader.rows) {
      batch.push(row);
      if (batch.length < batchSize) continue;
      post({ type: 'rows', rows: batch });
      batch = [];
      // The job asks for the next batch as soon as it takes one: one batch parsed ahead.
      await demand.take();
    }
    if (batch.length > 0) post({ type: 'rows', rows: batch });
    post({ type: 'done' });
  } catch (error) {
    post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
}

await run();
port.close();
