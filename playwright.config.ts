import { defineConfig, devices } from '@playwright/test';
import { chromiumFlags, chromiumPath } from './scripts/lib/chromium.mjs';

// E2E_PORT / E2E_SANDBOX_PORT let several checkouts run their end-to-end tests side by side.
const port = Number(process.env.E2E_PORT ?? 3100);
const sandboxPort = Number(process.env.E2E_SANDBOX_PORT ?? 4100);
/**
 * The stack's data directory, made anew each run; the tests keep members' sessions in it
 * (e2e/support). One per port, so two runs in one checkout (a spec beside test:repeat) do not wipe
 * each other's.
 */
const dataDir = `.tmp/e2e-data-${port}`;
process.env.E2E_DATA_DIR = dataDir;

/**
 * Spec files run side by side on this many workers against one stack (E2E_WORKERS, 2 by default:
 * docs/testing.md has the figures that chose it); a file's tests run in order on one worker.
 */
const workers = Number(process.env.E2E_WORKERS ?? 2);

/**
 * End-to-end tests drive the real stack — the built web app, the API and worker on a fresh
 * PGlite, and the sandbox SSO — in Debian's chromium, against a data directory made anew each run.
 * Each spec makes its own members and their accounts (e2e/support: newMember, connectNewAccount),
 * so no spec depends on another's data or order; a member signs in through the provider once, later
 * tests reuse that session.
 */
export default defineConfig({
  testDir: 'e2e',
  workers,
  fullyParallel: false,
  retries: 0,
  // Each test is a member's whole journey (sign-in, several screens, axe on each) on a 2-core machine
  // that also runs the server, its worker and the browser: 60 s was reached by journeys taking 40 s
  // on an idle machine. Longer journeys set their own.
  timeout: 120_000,
  // A first sign-in (the member's record made, the bundle evaluated cold) or an OAuth return can
  // take longer than 10 s on a busy 2-core machine; a passing expect never waits for it.
  expect: { timeout: 20_000 },
  forbidOnly: !!process.env.CI,
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? '.tmp/reports/playwright.json' }],
  ],
  outputDir: '.tmp/test-results',
  use: {
    baseURL: `http://localhost:${port}`,
    // Recording a trace costs every test time; a retry records one. `retries` stays 0 (a retry hides a
    // flaky test): to see a failure's trace, run that file again with --retries=1 (docs/testing.md).
    trace: 'on-first-retry',
    ...devices['Desktop Chrome'],
    // As a member whose system asks for less motion: antd's dialogs and menus then open and close
    // without animation (providers.tsx), so a click never lands on a dialog still zooming into place.
    reducedMotion: 'reduce',
    launchOptions: { executablePath: chromiumPath, args: chromiumFlags },
  },
  webServer: {
    command: `rm -rf ${dataDir} && node scripts/start.mjs --no-build --quiet`,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    // Longer than start.mjs's own 120 s wait, so a server that never becomes healthy is reported by
    // start.mjs (which names the process) rather than by Playwright's generic timeout.
    timeout: 150_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: {
      PORT: String(port),
      SANDBOX_PORT: String(sandboxPort),
      FITPOST_DATA_DIR: dataDir,
      FITPOST_PUBLIC_HOSTS: `localhost:${port},127.0.0.1:${port}`,
      FITPOST_PUBLIC_URL: `http://localhost:${port}`,
      LOG_LEVEL: 'warn',
      // Published posts' figures are fetched within seconds, so 'My Results' shows them in the test.
      FITPOST_ENGAGEMENT_POLL_SECONDS: '2',
    },
  },
});
