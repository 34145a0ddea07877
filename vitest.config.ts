import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'packages/contracts',
      'packages/platform-sandbox',
      'packages/payments-sandbox',
      'apps/api',
      'apps/web',
    ],
  },
});
