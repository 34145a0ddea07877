import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardPglite } from './pglite-guard';

/**
 * PGlite settles its promises at once (WebAssembly on this thread): without a turn of the event
 * loop between statements, work that only talks to it (an import's job) starves every timer and
 * socket until it ends (decision 0031). A timer set before a long run of statements must fire
 * while they are still running.
 */
describe('guarded PGlite lets the event loop turn between statements', () => {
  let client: PGlite;
  beforeAll(async () => {
    client = await PGlite.create();
    guardPglite(client, () => {});
  });
  afterAll(async () => {
    await client.close();
  });

  async function statementsBeforeTimer(run: (isTimerDone: () => boolean) => Promise<number>) {
    let isFired = false;
    const timer = setTimeout(() => (isFired = true), 0);
    try {
      return await run(() => isFired);
    } finally {
      clearTimeout(timer);
    }
  }

  it('between calls', async () => {
    const count = await statementsBeforeTimer(async (isTimerDone) => {
      for (let statement = 1; statement <= 500; statement += 1) {
        await client.query('select 1');
        if (isTimerDone()) return statement;
      }
      return Infinity;
    });
    expect(count).toBeLessThan(500);
  });

  it('between the statements of one transaction', async () => {
    const count = await client.transaction((tx) =>
      statementsBeforeTimer(async (isTimerDone) => {
        for (let statement = 1; statement <= 500; statement += 1) {
          await tx.query('select 1');
          if (isTimerDone()) return statement;
        }
        return Infinity;
      }),
    );
    expect(count).toBeLessThan(500);
  });
});
