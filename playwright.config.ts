import { defineConfig } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { chromiumFlags, findChromium } from './e2e/support/chromium';
import { findFreePortSync } from './e2e/support/free-port';

// The config is evaluated by the runner and again by every worker: the port is chosen once and
// handed to the workers (and the web server) through the environment they inherit.
process.env.E2E_PORT ??= String(findFreePortSync());
// When the run started: products made after it are other journeys' (e2e/support/api.ts, catalogue()).
process.env.E2E_STARTED ??= new Date().toISOString();
// The server's JWT secret for this run, known to the tests so they can mint an expired token.
process.env.E2E_JWT_SECRET ??= randomBytes(36).toString('base64url');
const port = Number(process.env.E2E_PORT);
const origin = `http://127.0.0.1:${port}`;

const chromium = findChromium();

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  workers: 2,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    baseURL: origin,
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    timezoneId: 'Africa/Cairo',
    // A service worker would hide page.route() interception of the Google script.
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: chromiumFlags,
    },
  },
  webServer: {
    // The storefront in out/ is built by `npm test` before this runs; the server serves it.
    command: 'node --import tsx e2e/support/web-server.ts',
    url: `${origin}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: { E2E_PORT: String(port), JWT_SECRET: process.env.E2E_JWT_SECRET },
  },
});
