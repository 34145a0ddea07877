import { Worker } from 'node:worker_threads';

// Runs on its own thread: a blocked main thread runs no timer and no signal handler.
const watchdogSource = `
const { workerData } = require('node:worker_threads');
const fs = require('node:fs');
const beats = new Int32Array(workerData.buffer);
setInterval(() => {
  const now = Math.floor((Date.now() - workerData.base) / 100);
  const blockedTenths = now - Atomics.load(beats, 0);
  if (blockedTenths * 100 > workerData.limitMs) {
    fs.writeSync(2, workerData.message.replace('{seconds}', String(Math.round(blockedTenths / 10))) + '\\n');
    process.kill(process.pid, 'SIGKILL');
  }
}, 250);
`;

/**
 * Ends the process when its event loop stays blocked longer than `limitMs`. PGlite runs
 * PostgreSQL as WebAssembly on the main thread: a statement that never returns (measured after a
 * failed WAL write, decision 0029) blocks every timer, request and signal handler, so SIGTERM
 * alone would never end the process. The main thread beats every 100 ms into shared memory; a
 * thread of its own notices the silence, writes one line to stderr and kills the process (its
 * only way to end a process whose main thread cannot run). Process-wide: started by server.ts.
 */
export function startEventLoopWatchdog(limitMs: number, message: string): () => void {
  const buffer = new SharedArrayBuffer(4);
  const beats = new Int32Array(buffer);
  const base = Date.now();
  const beat = () => Atomics.store(beats, 0, Math.floor((Date.now() - base) / 100));
  beat();
  const timer = setInterval(beat, 100);
  timer.unref();
  const worker = new Worker(watchdogSource, {
    eval: true,
    // Plain CommonJS on a bare thread: none of the entry point's loaders or module flags.
    execArgv: [],
    workerData: { buffer, base, limitMs, message },
  });
  worker.on('error', (error) => console.error(`event-loop watchdog stopped: ${error.message}`));
  worker.unref();
  return () => {
    clearInterval(timer);
    void worker.terminate();
  };
}
