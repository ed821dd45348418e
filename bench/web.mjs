// The signed-in dashboard and calendar as a browser loads them: the JavaScript each downloads
// (gzip) and a Lighthouse run (performance and accessibility, mobile and desktop). Runs against the built
// stack started here, signed in as the demo coach through the sandbox. First of all, each screen
// beside the React-only floor (bench/floor: React alone drawing the dashboard's first screen),
// measured in the same run and browser, so the host's speed cancels out (issue 27).
// BENCH_WEB_ROWS=floor measures only that comparison.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import Fastify from 'fastify';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { build as viteBuild } from 'vite';
import { registerWeb } from '../apps/server/dist/http/plugins/web.js';
import { calibratedSlowdown, lighthouseUrl, summarise } from './lighthouse.mjs';
import { chromiumLaunch, signInDemoCoach, startDemoStack } from './lib.mjs';

const port = 3230;
const sandboxPort = 4230;
const base = `http://localhost:${port}`; // startDemoStack's address for `port`
const floorPort = 3231;

/**
 * Builds the floor page (bench/floor, with the project's React) and serves it as the app's own
 * files are served (the server's `registerWeb`: same headers, same compression). Returns its
 * address and a function that stops the server.
 */
async function serveFloor() {
  const outDir = path.resolve('.tmp/bench-floor');
  await viteBuild({ configFile: path.resolve('bench/floor/vite.config.mjs'), build: { outDir } });
  const app = Fastify();
  if (!(await registerWeb(app, outDir))) throw new Error(`The floor page was not built into ${outDir}`);
  await app.listen({ port: floorPort, host: '127.0.0.1' });
  return { url: `http://localhost:${floorPort}/index.html`, close: () => app.close() };
}

/** Every script a fresh load of `url` downloads, summed raw and gzip (level 9). */
async function downloadedScripts(page, url, ready) {
  const scripts = new Map();
  const record = async (res) => {
    if (res.request().resourceType() === 'script' && res.ok())
      scripts.set(res.url(), await res.body().catch(() => Buffer.alloc(0)));
  };
  page.on('response', record);
  await page.goto(url, { waitUntil: 'networkidle' });
  await ready();
  await page.waitForTimeout(500);
  page.off('response', record);
  let raw = 0;
  let gz = 0;
  for (const body of scripts.values()) {
    raw += body.length;
    gz += gzipSync(body, { level: 9 }).length;
  }
  return { files: scripts.size, rawKiB: Math.round(raw / 1024), gzipKiB: Math.round(gz / 1024) };
}

/** The signed-in member of `page` (from the app's stored session): their id and API headers. */
async function signedInAs(page) {
  const stored = await page.evaluate(() => {
    const bytes = Uint8Array.from(atob(localStorage.getItem('user') ?? ''), (c) => c.charCodeAt(0));
    return JSON.parse(new TextDecoder().decode(bytes));
  });
  return { userId: stored.id, headers: { authorization: `Bearer ${stored.token}` } };
}

/** Remembers that the member has seen the getting-started tour, as closing it does. */
async function markTourSeen(page) {
  const { userId, headers } = await signedInAs(page);
  const res = await page.request.put(`${base}/api/user/${userId}/properties`, {
    headers,
    data: { tourSeen: 'true' },
  });
  if (res.status() !== 200) throw new Error(`Marking the tour seen answered ${res.status()}`);
}

/**
 * Gives the coach a calendar worth drawing: X connected through the sandbox's consent page, then
 * `count` posts scheduled from the next hour on, 11 hours apart (about a month's worth).
 */
async function seedCalendarPosts(page, count) {
  await page.goto(`${base}/app/settings?tab=social-platforms`);
  await page.getByRole('button', { name: 'Add New Connection' }).click();
  await page
    .getByRole('dialog', { name: 'Choose a Network to Connect' })
    .getByRole('button', { name: 'X', exact: true })
    .click();
  await page.getByRole('button', { name: 'Authorize app' }).click();
  await page.getByRole('cell', { name: /casey_coach_fit/ }).waitFor();
  const { headers } = await signedInAs(page);
  const connections = await (await page.request.get(`${base}/api/social/connections`, { headers })).json();
  const x = connections.find((c) => c.network === 'x');
  const first = Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 3_600_000;
  for (let i = 0; i < count; i += 1) {
    const res = await page.request.post(`${base}/api/posts`, {
      headers,
      data: {
        body: `Workout tip ${i + 1}: keep your core braced through every rep.`,
        connectionIds: [x.id],
        scheduledAt: new Date(first + i * 11 * 3_600_000).toISOString(),
        timeZone: 'UTC',
      },
    });
    if (res.status() !== 201) throw new Error(`Creating a post answered ${res.status()}`);
  }
}

/** Runs `body(page)` in a browser on the shared profile (the signed-in session lives there). */
async function withProfile(profileDir, body) {
  const context = await chromium.launchPersistentContext(profileDir, chromiumLaunch);
  try {
    return await body(context.pages()[0] ?? (await context.newPage()));
  } finally {
    await context.close();
  }
}

/** Signs the coach in (a first visit: the tour is due) and measures what the dashboard downloads. */
const signInAndMeasureDashboardJs = (profileDir) =>
  withProfile(profileDir, async (page) => {
    await signInDemoCoach(page, base);
    return downloadedScripts(page, `${base}/app/dashboard`, () =>
      page.getByRole('heading', { name: 'Recommended Posts', level: 1 }).waitFor(),
    );
  });

/**
 * Makes the coach a returning member (tour seen) with a month of posts, and measures what the
 * calendar downloads.
 */
const becomeReturningMemberAndMeasureCalendarJs = (profileDir, calendarPosts) =>
  withProfile(profileDir, async (page) => {
    await page.goto(`${base}/app/dashboard`);
    await markTourSeen(page);
    await seedCalendarPosts(page, calendarPosts);
    return downloadedScripts(page, `${base}/app/calendar`, () =>
      page.getByRole('button', { name: /Workout tip 1:/ }).waitFor(),
    );
  });

/** One Lighthouse run (performance and accessibility) of `route` on the shared profile: its report. */
async function lighthouseOnce(profileDir, formFactor, route, cpuSlowdownMultiplier) {
  return lighthouseUrl(profileDir, formFactor, `${base}${route}`, cpuSlowdownMultiplier);
}

/**
 * How many times each row is measured (`BENCH_WEB_RUNS`, default 3). One run's performance moves
 * by ±10 on this machine, so a row shows the median run (Lighthouse's own choice: the run nearest
 * the median first contentful paint and time to interactive) and the range of the scores.
 */
const lighthouseRuns = Math.max(1, Number(process.env.BENCH_WEB_RUNS ?? 3));

async function runLighthouse(profileDir, formFactor, route, cpuSlowdownMultiplier) {
  const reports = [];
  for (let i = 0; i < lighthouseRuns; i += 1)
    reports.push(await lighthouseOnce(profileDir, formFactor, route, cpuSlowdownMultiplier));
  const score = (lhr, category) => Math.round(lhr.categories[category].score * 100);
  const scores = reports.map((lhr) => score(lhr, 'performance')).sort((a, b) => a - b);
  const median = computeMedianRun(reports);
  const a = median.audits;
  return {
    performance:
      scores.length > 1
        ? `${score(median, 'performance')} (${scores[0]}–${scores.at(-1)})`
        : `${score(median, 'performance')}`,
    accessibility: Math.min(...reports.map((lhr) => score(lhr, 'accessibility'))),
    fcp: a['first-contentful-paint'].displayValue,
    lcp: a['largest-contentful-paint'].displayValue,
    tbt: a['total-blocking-time'].displayValue,
    cls: a['cumulative-layout-shift'].displayValue,
    benchmarkIndex: Math.round(median.environment.benchmarkIndex),
  };
}

const signed = (n) => (n > 0 ? `+${n}` : `${n}`);
const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(', ');

/**
 * One mobile run of `url`. A run Lighthouse could not complete (its `runtimeError`, e.g. NO_NAVSTART
 * on a heavily loaded host) has no figures to compare and would stop the table, so it is run again,
 * up to twice.
 */
async function completedRun(profileDir, url) {
  for (let attempt = 1; ; attempt += 1) {
    const lhr = await lighthouseUrl(profileDir, 'mobile', url);
    if (!lhr.runtimeError || attempt === 3) return lhr;
    console.error(`Lighthouse could not complete ${url} (${lhr.runtimeError.code}); running it again.`);
  }
}

/**
 * Issue 27's table: each screen (a returning member, mobile defaults) beside the floor. The runs are
 * interleaved (floor, dashboard, calendar, Browse Library, then again) so a change in the shared
 * host's load falls on all of them alike; each cell is Lighthouse's median run of `lighthouseRuns`.
 */
async function floorComparison(profileDir, floorUrl, calendarPosts) {
  const targets = [
    [`floor: React alone, the dashboard's first screen`, floorUrl],
    ['dashboard', `${base}/app/dashboard`],
    [`calendar (${calendarPosts} posts)`, `${base}/app/calendar`],
    ['Browse Library', `${base}/app/content`],
  ];
  const loadBefore = loadAverage();
  const reports = targets.map(() => []);
  for (let run = 0; run < lighthouseRuns; run += 1)
    for (const [i, [, url]] of targets.entries()) reports[i].push(await completedRun(profileDir, url));
  // Every report kept for a look at what the time went to (bootup-time, long tasks, accessibility).
  const reportDir = path.resolve('.tmp/bench-web-reports');
  mkdirSync(reportDir, { recursive: true });
  reports.forEach((runs, i) =>
    runs.forEach((lhr, run) =>
      writeFileSync(
        path.join(reportDir, `${['floor', 'dashboard', 'calendar', 'library'][i]}-${run + 1}.json`),
        JSON.stringify(lhr),
      ),
    ),
  );
  const [floor, ...screens] = reports.map(summarise);
  const ms = (n) => `${n.toLocaleString('en-US')} ms`;
  const rows = screens.map((r, i) => {
    const met =
      r.score >= floor.score - 10 && r.tbt <= floor.tbt + 200 && r.cls <= 0.02 && r.accessibility === 100;
    return `| ${targets[i + 1][0]} | ${r.score} (${r.scores.join(', ')}) | ${floor.score} | ${signed(r.score - floor.score)} | ${ms(r.tbt)} (${r.tbts.join(', ')}) | ${ms(floor.tbt)} | ${signed(r.tbt - floor.tbt)} ms | ${r.lcp} | ${r.cls.toFixed(3)} | ${r.accessibility} | ${met ? 'yes' : 'no'} |`;
  });
  return [
    `| Lighthouse mobile (defaults), medians of ${lighthouseRuns} | score (runs) | floor | Δ score | TBT (runs) | floor TBT | Δ TBT | LCP | CLS (worst) | accessibility | goal met |`,
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    `| ${targets[0][0]} | ${floor.score} (${floor.scores.join(', ')}) | | | ${ms(floor.tbt)} (${floor.tbts.join(', ')}) | | | ${floor.lcp} | ${floor.cls.toFixed(3)} | ${floor.accessibility} | |`,
    ...rows,
    '',
    `Goal (issue 27): score within 10 points of the floor, TBT within 200 ms of the floor's, CLS ≤ 0.02, accessibility 100. Host benchmarkIndex (median of each row's runs) ${[floor, ...screens].map((r) => r.benchmarkIndex).join(', ')} (floor, then the screens); load average (1, 5, 15 min) ${loadBefore} before, ${loadAverage()} after.`,
  ].join('\n');
}

export async function benchWeb() {
  const stack = await startDemoStack({ port, sandboxPort, dataDir: '.tmp/bench-web' });
  const profileDir = mkdtempSync(path.join(os.tmpdir(), 'fitpost-bench-profile-'));
  let floor;
  try {
    floor = await serveFloor();
    const calendarPosts = 60;
    const onlyFloor = process.env.BENCH_WEB_ROWS === 'floor';
    const js = { dashboard: await signInAndMeasureDashboardJs(profileDir) };
    // A new member's first look: the getting-started tour opens over the dashboard.
    const firstVisit = onlyFloor ? undefined : await runLighthouse(profileDir, 'mobile', '/app/dashboard');
    js.calendar = await becomeReturningMemberAndMeasureCalendarJs(profileDir, calendarPosts);
    const floorTable = await floorComparison(profileDir, floor.url, calendarPosts);
    const dashboardJs = `Initial JavaScript of the signed-in dashboard: ${js.dashboard.files} files, ${js.dashboard.rawKiB} KiB raw, **${js.dashboard.gzipKiB} KiB gzip**.`;
    if (onlyFloor) return [dashboardJs, '', floorTable].join('\n');
    // Every row below is a returning member's (tour seen): the screens as they are used every day.
    const mobile = await runLighthouse(profileDir, 'mobile', '/app/dashboard');
    const desktop = await runLighthouse(profileDir, 'desktop', '/app/dashboard');
    const calendarMobile = await runLighthouse(profileDir, 'mobile', '/app/calendar');
    const calendarDesktop = await runLighthouse(profileDir, 'desktop', '/app/calendar');
    const slowdown = calibratedSlowdown(mobile.benchmarkIndex);
    const mobileCalibrated = await runLighthouse(profileDir, 'mobile', '/app/dashboard', slowdown);
    const calendarCalibrated = await runLighthouse(profileDir, 'mobile', '/app/calendar', slowdown);
    const calibratedLabel = `mobile, CPU slowdown calibrated to this host (${slowdown}×)`;
    const row = (label, r) =>
      `| ${label} | ${r.performance} | ${r.accessibility} | ${r.fcp} | ${r.lcp} | ${r.tbt} | ${r.cls} |`;
    return [
      floorTable,
      '',
      `${dashboardJs} (All that the page downloads, the panels and dialogs after the first screen too; \`npm run size\` holds the first load to its budget.)`,
      '',
      '| Lighthouse (dashboard) | performance | accessibility | FCP | LCP | TBT | CLS |',
      '| --- | --- | --- | --- | --- | --- | --- |',
      row('mobile (simulated 4G, 4× CPU slowdown)', mobile),
      row(calibratedLabel, mobileCalibrated),
      row('desktop', desktop),
      row('mobile, first visit (the getting-started tour open)', firstVisit),
      '',
      `JavaScript of a fresh load of the calendar with ${calendarPosts} posts (shell and route): ${js.calendar.files} files, ${js.calendar.rawKiB} KiB raw, **${js.calendar.gzipKiB} KiB gzip**.`,
      '',
      `| Lighthouse (calendar, ${calendarPosts} posts) | performance | accessibility | FCP | LCP | TBT | CLS |`,
      '| --- | --- | --- | --- | --- | --- | --- |',
      row('mobile (simulated 4G, 4× CPU slowdown)', calendarMobile),
      row(calibratedLabel, calendarCalibrated),
      row('desktop', calendarDesktop),
      '',
      `Each row is the median of ${lighthouseRuns} Lighthouse run${lighthouseRuns === 1 ? '' : 's'} (BENCH_WEB_RUNS); the performance scores' range is in brackets.`,
      '',
      `This host's Lighthouse benchmarkIndex: ${mobile.benchmarkIndex} (a high-end desktop, for which 4× is meant, scores about 1,500–2,000).`,
    ].join('\n');
  } finally {
    await floor?.close();
    await stack.stopAll();
    rmSync(profileDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await benchWeb());
