import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'platform-sandbox',
    include: ['src/**/*.test.ts'],
  },
});
