import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one worker on a 2-core CI machine,
    // where most API test time is spent waiting on PostgreSQL or PGlite. Two workers there took
    // the unit run from 1,554 s to 921 s (all 1,878 tests passing).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      'packages/contracts',
      'packages/platform-sandbox',
      'packages/payments-sandbox',
      'apps/api',
      'apps/web',
    ],
  },
});
