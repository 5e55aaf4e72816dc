import { defineConfig } from 'vitest/config';

// the host logic runs in Node: it has no React Native import
export default defineConfig({
  test: { environment: 'node', include: ['src/**/*.test.ts'] },
});
