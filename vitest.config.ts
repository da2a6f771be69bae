import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['electron/**/*.test.ts', 'shared/**/*.test.ts', 'renderer/**/*.test.{ts,tsx}', 'test/unit/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/setup/build-node.ts'],
    testTimeout: 30_000,
    pool: 'forks',
  },
});
