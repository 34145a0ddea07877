import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'payments-sandbox',
    include: ['src/**/*.test.ts'],
  },
});
