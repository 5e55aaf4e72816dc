import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['./src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // A worker keeps its loaded modules from one file to the next: the app's module graph is
    // imported once per worker instead of once per file (about 100 s of each CI pass). The
    // suites keep no state in modules: each builds its own app, database and clock.
    isolate: false,
  },
});
