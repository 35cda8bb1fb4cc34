import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 8181);
export const BASE_URL = `http://127.0.0.1:${PORT}`;
/** The admin pages' token (error reports, analytics) the tests read them with. */
export const ADMIN_TOKEN = 'e2e-admin-token-0123456789abcdef';
/** A DSN on the server's own origin: the tunnel takes its envelopes and, not forwarding, sends nothing on. */
export const ERROR_DSN = `http://public@127.0.0.1:${PORT}/1`;
/** The token the signed demo media demands. */
export const MEDIA_SIGNED_TOKEN = 'e2e-media-token-42';

/**
 * End-to-end tests in Debian's Chromium (browsers cannot be downloaded here) against the real
 * server, real media and an in-memory database. Pages stay visible: Chromium defers MSE
 * attachment in hidden pages.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: '../test-results',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL: BASE_URL,
    browserName: 'chromium',
    viewport: { width: 960, height: 540 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--autoplay-policy=no-user-gesture-required',
        // Other sites' origins for host pages served on this machine: partner.test, other.test…
        '--host-resolver-rules=MAP *.test 127.0.0.1',
      ],
    },
    trace: 'retain-on-failure',
  },
  webServer: {
    command: 'npx tsx scripts/start.ts',
    cwd: '..',
    url: `${BASE_URL}/catalog-api/contents/1`,
    reuseExistingServer: false,
    timeout: 120_000,
    // No ads unless a test asks for them (its page global names an ad list): the rest test the film.
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: 'memory://',
      AD_LIST_URL: '/catalog-api/ad-list.json?case=none',
      ADMIN_TOKEN,
      ERROR_DSN,
      // The demo media under /catalog-api/media-signed/ answers only with this token (e2e/signed-media.spec.ts).
      MEDIA_SIGNED_TOKEN,
      // Every test's page comes from 127.0.0.1: one client to the collector's and the beacons' per-client limits.
      COLLECT_RATE_LIMIT: '0',
      TRACKING_RATE_LIMIT: '0',
      ABUSE_RATE_LIMIT: '0',
      SEARCH_RATE_LIMIT: '0',
      AUTH_RATE_LIMIT: '0',
      // One-minute access tokens: the refresh before a player's calls can be seen in a test.
      AUTH_ACCESS_TOKEN_MINUTES: '1',
    },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
