/** The statements a request sends, recorded at the driver and replayed raw (bench/dashboard.ts). */
export type Query = (...args: unknown[]) => Promise<unknown>;
export type Statement = { args: unknown[]; start: number; end: number };

/**
 * Records the statements the app sends through its driver client (node-postgres pool or PGlite)
 * and replays them raw: statements that were in flight together run together again.
 */
export function instrumentDriver(client: { query: Query }) {
  const send: Query = client.query.bind(client);
  let recording: Statement[] | null = null;
  client.query = (...args: unknown[]) => {
    if (!recording) return send(...args);
    const statement: Statement = { args, start: performance.now(), end: Number.POSITIVE_INFINITY };
    recording.push(statement);
    return send(...args).finally(() => {
      statement.end = performance.now();
    });
  };
  return {
    async record(run: () => Promise<unknown>): Promise<Statement[][]> {
      recording = [];
      await run();
      const statements = recording;
      recording = null;
      const batches: Statement[][] = [];
      let batchEnd = Number.NEGATIVE_INFINITY;
      for (const statement of statements) {
        if (statement.start < batchEnd) batches.at(-1)!.push(statement);
        else batches.push([statement]);
        batchEnd = Math.max(batchEnd, statement.end);
      }
      return batches;
    },
    async replay(batches: Statement[][]): Promise<void> {
      for (const batch of batches)
        await Promise.all(batch.map((statement) => send(...statement.args)));
    },
  };
}
