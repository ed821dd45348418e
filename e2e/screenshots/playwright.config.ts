import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import base from '../../playwright.config';

/**
 * `npm run screenshots`: the README's walkthrough pictures, taken from the running demo. The same
 * browser and the same demo start as the end-to-end tests (playwright.config.ts), on ports of its
 * own (SCREENSHOTS_PORT / SCREENSHOTS_SANDBOX_PORT, default 4140 / 4141) and a data directory made
 * anew each run, so every run starts from the same fresh demo. Not part of `npm test`: the tests'
 * config only picks up `*.spec.ts`, and this one only `*.screens.ts`.
 */
const port = Number(process.env.SCREENSHOTS_PORT ?? 4140);
const sandboxPort = Number(process.env.SCREENSHOTS_SANDBOX_PORT ?? 4141);
const dataDir = '.tmp/screenshots-data';
process.env.E2E_DATA_DIR = dataDir;
const server = base.webServer;
if (!server || Array.isArray(server)) throw new Error('playwright.config.ts no longer starts one web server');

export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: '*.screens.ts',
  // One walk, in order: a failure stops the run and exits non-zero.
  timeout: 300_000,
  maxFailures: 1,
  reporter: [['list']],
  outputDir: '../../.tmp/screenshots-results',
  use: {
    ...base.use,
    baseURL: `http://localhost:${port}`,
    trace: 'off',
    actionTimeout: 30_000,
    locale: 'en-US',
    timezoneId: 'America/New_York',
    viewport: { width: 1280, height: 800 },
    deviceScaleFactor: 1,
  },
  webServer: {
    ...server,
    command: `rm -rf ${dataDir} && node scripts/start.mjs --no-build --quiet`,
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    url: `http://127.0.0.1:${port}/api/health`,
    env: {
      ...server.env,
      PORT: String(port),
      SANDBOX_PORT: String(sandboxPort),
      FITPOST_DATA_DIR: dataDir,
      FITPOST_PUBLIC_HOSTS: `localhost:${port},127.0.0.1:${port}`,
      FITPOST_PUBLIC_URL: `http://localhost:${port}`,
    },
  },
});
