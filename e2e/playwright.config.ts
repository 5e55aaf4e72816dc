import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { DISABLE_FEATURES } from './chromium-features';

const PORT = Number(process.env.E2E_PORT ?? 3900);
export const BASE_URL = `http://127.0.0.1:${PORT}`;
const root = path.resolve(import.meta.dirname, '..');

/** Specs of the viewer's flows whose steps don't depend on the screen size. */
const MOBILE_ONLY = [
  '**/server-rules.spec.ts',
  '**/security.spec.ts',
  '**/coin-history.spec.ts',
  // the native wrapper runs on phones
  '**/native.spec.ts',
];
/** The operator's console tools (the console's phone layout is tried by console-operations). */
const DESKTOP_ONLY = [
  '**/console-catalog.spec.ts',
  '**/console-coin-validity.spec.ts',
  '**/ingest.spec.ts',
];

/**
 * Real Chromium (Debian's) against the real server, which serves the built web app on the
 * embedded defaults. The data folder is kept between runs so the demo video is encoded once.
 */
export default defineConfig({
  testDir: './tests',
  // Files run two at a time (tests inside a file keep their order): CI's 2 cores are busy with
  // Chromium and the server either way, and most steps wait on video, ads or the network. Specs
  // that change shared settings edit what only they read (coin validity: one source per project).
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // a long flow takes 20 s alone and three times that while the other worker plays video
  timeout: 90_000,
  expect: { timeout: 15_000 },
  // one retry in CI keeps a flaky test from stopping a merge; flaky-reporter.ts names each such
  // test at the end (a defect to fix, not to retry)
  reporter: [['list'], ['./flaky-reporter.ts']],
  use: {
    baseURL: BASE_URL,
    // A trace records the page all the time (screenshots of every frame): on every test it took a
    // third of the suite's CPU. CI's retry records one; E2E_TRACE=on records them here.
    trace: process.env.E2E_TRACE === 'on' ? 'retain-on-failure' : 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--autoplay-policy=no-user-gesture-required',
        DISABLE_FEATURES,
      ],
    },
  },
  // Every page is tried at both sizes. A spec whose steps are the same at both sizes (flows that
  // check the server and the money, not the layout) runs once, where its people are: the viewer's
  // flows on the phone, the operator's console tools on the desktop. Their layouts are still
  // checked at 320 to 1920 px inside the specs, and by the specs that run in both projects.
  projects: [
    {
      name: 'mobile',
      testIgnore: DESKTOP_ONLY,
      use: {
        ...devices['Pixel 7'],
        browserName: 'chromium',
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 1,
      },
    },
    {
      name: 'desktop',
      testIgnore: MOBILE_ONLY,
      use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: {
    command: 'npx tsx apps/server/src/main.ts',
    cwd: root,
    // all of the demo content: a first start serves at once and encodes the dramas meanwhile
    url: `${BASE_URL}/healthz/content`,
    timeout: 300_000,
    reuseExistingServer: !process.env.CI,
    stdout: 'pipe',
    env: {
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(PORT),
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
    },
  },
});
