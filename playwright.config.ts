import { defineConfig, devices } from '@playwright/test';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const PORT = Number(process.env.E2E_PORT ?? 3210);
export const CAPTCHA_ANSWER = 'E2E7';

// Debian's chromium-headless-shell (the "old" headless Chromium, what Playwright's own headless runs use):
// measured on the themes journeys, half the CPU of full Chromium in headless mode (page loads 0.5–1.9 against
// 1.5–3.3 CPU-s), and the suites are CPU-bound. Full Chromium when the shell is not installed.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const browserPath = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

// A fresh embedded database per run (scripts/e2e.mjs sets E2E_DATA_DIR); DATABASE_URL, when set, wins.
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `portal-e2e-${process.pid}`);

export default defineConfig({
  testDir: 'e2e',
  // Asks in the background for the figures a journey will need (never holds the run up).
  globalSetup: './e2e/global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  // One folder per suite: the PGlite and PostgreSQL suites run side by side in CI (scripts/test.mjs).
  outputDir: `test-results/playwright-${process.env.E2E_RUN ?? 'pglite'}`,
  reporter: [['list'], ['json', { outputFile: `test-results/e2e-${process.env.E2E_RUN ?? 'pglite'}.json` }]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    // Recording a trace films every step (screencast frames encoded in the browser): 35 % of a journey's time,
    // measured. A failing journey is retried once in CI with its trace on; locally, add `--trace on`.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    // As a reader who asked the system for less motion: maps neither fade tiles nor glide zooms, dialogs appear at
    // once. Measured on the land-cover and theme journeys: 28 % less CPU (the compositor redrew every animation
    // frame) and 23 % less time. The land-cover drill-down journey turns motion back on.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: browserPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node server.mjs',
    url: `http://localhost:${PORT}/chinese/home`,
    // The first start creates and seeds a fresh database; in CI it does so beside the other suite's server.
    timeout: 480_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      DATA_DIR: dataDir,
      SEED_ON_START: 'true',
      // Every journey starts on complete demo data: the server answers only once it is all in.
      DEMO_DATA_IN_BACKGROUND: 'false',
      LOG_LEVEL: 'warn',
      CAPTCHA_FIXED_ANSWER: CAPTCHA_ANSWER,
      // The whole suite logs in from one address, faster than people do.
      CAPTCHA_RATE_PER_MINUTE: '600',
      // Fixed, so pages cached by an earlier run on the same build (CI runs twice) keep valid file links.
      FILE_URL_SECRET: 'e2e-only-file-link-secret-0123456789abcdef',
      SITE_URL: `http://localhost:${PORT}`,
      // Each run has its own database: nothing it renders may outlive it in the build's page cache.
      ISR_FLUSH_TO_DISK: 'false',
      // Order production at test pace: the queue is polled often, offline scenes are "recalled" in seconds.
      JOB_POLL_MS: '300',
      // The coverage figures of the 20,000 demo scenes are hours of background work at any share; the suites need only
      // one province's (asked for first by e2e/global-setup.ts), so the rest takes a tenth of the database, not a quarter,
      // and leaves the cores to the journeys (both suites run side by side in CI).
      COVERAGE_FIGURES_SHARE: '10',
      ORDER_OFFLINE_DELAY_SECONDS: '3',
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    },
  },
});
