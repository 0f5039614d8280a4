import { defineConfig } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { canRecordVideo, chromiumFlags, findChromium } from './e2e/support/chromium';
import { findFreePortSync } from './e2e/support/free-port';

// Two ways to run (docs/testing.md, "Journeys against any shop"):
// - `npm run test:e2e`: our server on a fresh database for this run (e2e/support/web-server.ts), every development
//   door open, nothing skipped.
// - `BASE_URL=https://staging.example npm run test:e2e`: the journeys drive that shop and no server is started; the
//   journeys tagged with a door the shop lacks are skipped with the reason (e2e/support/target.ts).
const baseUrl = process.env.BASE_URL?.trim() || undefined;

// The config is evaluated by the runner and again by every worker: what is chosen here is chosen once and handed to
// the workers (and the web server) through the environment they inherit.
if (!baseUrl) {
  process.env.E2E_PORT ??= String(findFreePortSync());
  // The server's JWT secret for this run, known to the tests so they can mint an expired token.
  process.env.E2E_JWT_SECRET ??= randomBytes(36).toString('base64url');
}
// When the run started: products made after it are other journeys' (e2e/support/api.ts, catalogue()), and against a
// deployed shop what the run made after it is cleaned up (e2e/support/cleanup.ts).
process.env.E2E_STARTED ??= new Date().toISOString();
const port = Number(process.env.E2E_PORT);
const ownOrigin = `http://127.0.0.1:${port}`;

const chromium = findChromium();
// Videos need Playwright's own ffmpeg; without it a context that records cannot open a page at all.
const video = canRecordVideo() ? 'retain-on-failure' : 'off';
if (video === 'off' && !process.env.TEST_WORKER_INDEX && !process.env.E2E_VIDEO_NOTE) {
  process.env.E2E_VIDEO_NOTE = '1';
  console.log(
    '[e2e] no videos of failures: Playwright’s ffmpeg is not installed (npx playwright install ffmpeg)',
  );
}

const reportFolder = 'playwright-report';

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  workers: 2,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  // Every run, on CI or not: the list as it goes, the HTML report (never opened by itself), and a last word that
  // names the skipped journeys with their reasons and says where the report is.
  reporter: [
    ['list'],
    ['html', { open: 'never', outputFolder: reportFolder }],
    ['./e2e/support/summary-reporter.ts', { outputFolder: reportFolder }],
  ],
  globalSetup: './e2e/support/global-setup.ts',
  globalTeardown: './e2e/support/global-teardown.ts',
  use: {
    baseURL: baseUrl ? new URL(baseUrl).origin : ownOrigin,
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    timezoneId: 'Africa/Cairo',
    // A service worker would hide page.route() interception of the Google script.
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    video,
    launchOptions: {
      executablePath: chromium,
      args: chromiumFlags,
    },
  },
  webServer: baseUrl
    ? undefined
    : {
        // The storefront in out/ is built by `npm test` before this runs; the server serves it.
        command: 'node --import tsx e2e/support/web-server.ts',
        url: `${ownOrigin}/api/v1/health`,
        reuseExistingServer: false,
        timeout: 120_000,
        stdout: 'pipe',
        stderr: 'pipe',
        gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
        env: { E2E_PORT: String(port), JWT_SECRET: process.env.E2E_JWT_SECRET! },
      },
});
