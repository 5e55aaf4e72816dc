import path from 'node:path';

/** The port of the browser suite's server (E2E_PORT; a second run beside it takes another). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3900);

export const root = path.resolve(import.meta.dirname, '..');

/** How the browser suite starts its server: from the repository's root. */
export const SERVER_COMMAND = 'npx tsx apps/server/src/main.ts';

/**
 * The browser suite's server settings: the embedded defaults, with the data folder kept between
 * runs so the demo video is encoded once (encode-demo.ts encodes it ahead of the suite in CI).
 */
export function e2eServerEnv(port: number): Record<string, string> {
  return {
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    // a second run beside this one (another port) keeps its own database and built app
    DATA_DIR: process.env.E2E_DATA_DIR ?? path.join(root, 'e2e', '.data'),
    WEB_DIST_DIR: process.env.E2E_WEB_DIST_DIR ?? path.join(root, 'apps', 'web', 'dist'),
    LOG_LEVEL: 'warn',
    // short enough for the renewal test, long enough for every other test
    MEDIA_URL_TTL_SECONDS: process.env.E2E_MEDIA_URL_TTL_SECONDS ?? '3600',
    // the stand-in ad's countdown: short, so the ad tests watch a few seconds, not fifteen
    AD_MIN_VIEW_SECONDS: '4',
    // the console's first admin (tests/console-helpers.ts signs in with it)
    OPERATOR_BOOTSTRAP_EMAIL: 'admin@e2e.test',
    OPERATOR_BOOTSTRAP_PASSWORD: 'e2e-admin-password',
    // PostgreSQL/Redis are for the server suites; the browser suite runs on the embedded defaults
    DATABASE_URL: '',
    REDIS_URL: '',
  };
}
