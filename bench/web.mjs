// The signed-in dashboard as a browser loads it: the JavaScript it downloads (gzip) and a
// Lighthouse run (performance and accessibility, mobile and desktop). Runs against the built
// stack started here, signed in as the demo coach through the sandbox.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { startNode, stop, waitHealthy } from './lib.mjs';

const port = 3230;
const sandboxPort = 4230;
const base = `http://localhost:${port}`;
const flags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

async function signInAndMeasureJs(profileDir) {
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: '/usr/bin/chromium',
    args: flags,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`${base}/`);
  await page.getByLabel('Email').fill('coach@example.com');
  await page.getByLabel('Password').fill('fitpost');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/app\/(dashboard|settings\/welcome)/);
  // A fresh load of the dashboard, signed in: what does it download?
  const scripts = new Map();
  page.on('response', async (res) => {
    if (res.request().resourceType() === 'script' && res.ok())
      scripts.set(res.url(), await res.body().catch(() => Buffer.alloc(0)));
  });
  await page.goto(`${base}/app/dashboard`, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { name: 'Recommended Posts', level: 1 }).waitFor();
  await page.waitForTimeout(500);
  await context.close();
  let raw = 0;
  let gz = 0;
  for (const body of scripts.values()) {
    raw += body.length;
    gz += gzipSync(body, { level: 9 }).length;
  }
  return { files: scripts.size, rawKiB: Math.round(raw / 1024), gzipKiB: Math.round(gz / 1024) };
}

async function runLighthouse(profileDir, formFactor) {
  const chrome = await chromeLauncher.launch({
    chromePath: '/usr/bin/chromium',
    userDataDir: profileDir,
    chromeFlags: [...flags, '--headless=new'],
  });
  try {
    const options = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      disableStorageReset: true,
    };
    const result = await lighthouse(
      `${base}/app/dashboard`,
      options,
      formFactor === 'desktop' ? desktopConfig : undefined,
    );
    const c = result.lhr.categories;
    const a = result.lhr.audits;
    return {
      performance: Math.round(c.performance.score * 100),
      accessibility: Math.round(c.accessibility.score * 100),
      fcp: a['first-contentful-paint'].displayValue,
      lcp: a['largest-contentful-paint'].displayValue,
      tbt: a['total-blocking-time'].displayValue,
    };
  } finally {
    await chrome.kill();
  }
}

export async function benchWeb() {
  const dataDir = '.tmp/bench-web';
  rmSync(dataDir, { recursive: true, force: true });
  const sandbox = startNode('apps/sandbox/dist/main.js', {
    SANDBOX_PORT: String(sandboxPort),
    SANDBOX_REDIRECT_URIS: `${base}/oauth`,
  });
  const profileDir = mkdtempSync(path.join(os.tmpdir(), 'fitpost-bench-profile-'));
  let server;
  try {
    await waitHealthy(`http://127.0.0.1:${sandboxPort}/_sandbox/health`);
    server = startNode('apps/server/dist/main.js', {
      PORT: String(port),
      SANDBOX_PORT: String(sandboxPort),
      FITPOST_DATA_DIR: dataDir,
      FITPOST_PUBLIC_URL: base,
      LOG_LEVEL: 'warn',
    });
    await waitHealthy(`http://127.0.0.1:${port}/api/health`);
    const js = await signInAndMeasureJs(profileDir);
    const mobile = await runLighthouse(profileDir, 'mobile');
    const desktop = await runLighthouse(profileDir, 'desktop');
    return [
      `Initial JavaScript of the signed-in dashboard: ${js.files} files, ${js.rawKiB} KiB raw, **${js.gzipKiB} KiB gzip** (goal ≤ 250 KB).`,
      '',
      '| Lighthouse (dashboard) | performance | accessibility | FCP | LCP | TBT |',
      '| --- | --- | --- | --- | --- | --- |',
      `| mobile (simulated 4G, 4× CPU slowdown) | ${mobile.performance} | ${mobile.accessibility} | ${mobile.fcp} | ${mobile.lcp} | ${mobile.tbt} |`,
      `| desktop | ${desktop.performance} | ${desktop.accessibility} | ${desktop.fcp} | ${desktop.lcp} | ${desktop.tbt} |`,
    ].join('\n');
  } finally {
    if (server) await stop(server);
    await stop(sandbox);
    rmSync(profileDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await benchWeb());
