import { defineConfig } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';

// E2E_PORT lets two runs on one machine (say, two engineers) avoid each other's server.
const PORT = Number(process.env.E2E_PORT ?? 4173);
const E2E_ADMIN_KEY = 'e2e-admin-key-123456';

// One fresh data folder per run. The config is loaded again in each worker, so the first
// process's choice is kept in the environment the workers inherit.
process.env.E2E_RUN_ID ??= String(Date.now());
const runId = process.env.E2E_RUN_ID;
const dataDir = resolve(`.tmp/e2e-data-${runId}`);
mkdirSync(dataDir, { recursive: true });
// A second server for tests/e2e/pricing.spec.ts: the sibling discount is a school-wide setting,
// and turned on in the shared server it would change the totals other specs enroll at.
process.env.E2E_PRICING_PORT ??= String(PORT + 1000);
const PRICING_PORT = Number(process.env.E2E_PRICING_PORT);

/** The limits off for one browser acting as many parents (the abuse limits are tests/security's). */
const SERVER_ENV = {
  ADMIN_KEY: E2E_ADMIN_KEY,
  // A test run: the test outbox route exists (never by default).
  TEST_RUN: 'true',
  HOLD_MINUTES: '30',
  RATE_LIMIT_BURST: '500',
  MAX_HELD_SEATS_PER_CLIENT: '500',
  MAX_FREE_SEATS_PER_CLIENT: '500',
  MAX_WAITLIST_ENTRIES_PER_CLIENT: '500',
  // The review requests' pass every few seconds, not every minute: the reviews spec waits for one.
  REVIEW_ASK_EVERY_SECONDS: '3',
};

export default defineConfig({
  testDir: 'tests/e2e',
  // Per run, because Playwright empties its output folder when a run starts.
  outputDir: `.tmp/playwright-results-${runId}`,
  // Each test on whichever worker is free, so no long file runs alone at the end. A group that needs
  // its tests on one worker says so (events.spec.ts: one workshop on one past evening).
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    timezoneId: 'America/Chicago',
    // No trace by default: recording one snapshots the DOM at every action of every test, passing
    // or not (about a tenth of the suite's CPU), and CI keeps only the log. `PW_TRACE=1` keeps one
    // for each failing test (actions, DOM snapshots, console, network) when a failure needs a look.
    trace: process.env.PW_TRACE ? { mode: 'retain-on-failure', screenshots: false } : 'off',
    launchOptions: {
      // Debian's Chromium: `npx playwright install` cannot download browsers on this machine.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: [
    {
      // The server `npm start` runs: `npm run test:e2e` builds first (the web app into dist/, which
      // the API serves, and the service into build/), and this runs the compiled service.
      command: 'node build/service/main.js',
      url: `http://127.0.0.1:${PORT}/ready`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      // The suite is one browser acting as many parents from one address within minutes; the abuse
      // limits themselves are proven by tests/security/abuse-limits.int.test.ts.
      env: { PORT: String(PORT), DATA_DIR: dataDir, ...SERVER_ENV },
    },
    {
      command: 'node build/service/main.js',
      url: `http://127.0.0.1:${PRICING_PORT}/ready`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { PORT: String(PRICING_PORT), DATA_DIR: `${dataDir}-pricing`, ...SERVER_ENV },
    },
  ],
});
