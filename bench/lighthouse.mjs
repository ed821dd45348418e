// Lighthouse for `npm run bench web` (bench/web.mjs): one run of a page in Chromium on a member's
// profile, the CPU slowdown calibrated to the host, and the figures a row of the floor table shows.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { chromiumLaunch } from './lib.mjs';

/**
 * Lighthouse's mobile CPU slowdown (4×) assumes a high-end desktop host; its throttling guide
 * (docs/throttling.md, "Calibrating the CPU slowdown") says to calibrate from the host's
 * `benchmarkIndex` so the emulated phone stays the mid-tier one. The anchor points are those of
 * Lighthouse's CPU-throttling calculator: 150 → 1×, 800 → 2×, 1300 → 3×, 1533 → 4×, 1766 → 5×,
 * 2000 → 6×, linear between them (and beyond the last).
 */
export function calibratedSlowdown(benchmarkIndex) {
  const anchors = [
    [150, 1],
    [800, 2],
    [1300, 3],
    [1533, 4],
    [1766, 5],
    [2000, 6],
  ];
  if (benchmarkIndex <= anchors[0][0]) return 1;
  for (let i = 1; i < anchors.length; i += 1) {
    const [x0, y0] = anchors[i - 1];
    const [x1, y1] = anchors[i];
    if (benchmarkIndex <= x1 || i === anchors.length - 1)
      return Math.round((y0 + ((benchmarkIndex - x0) * (y1 - y0)) / (x1 - x0)) * 10) / 10;
  }
  return 4;
}

/** One Lighthouse run of any `url` (the floor lives on its own server). */
export async function lighthouseUrl(profileDir, formFactor, url, cpuSlowdownMultiplier) {
  const chrome = await chromeLauncher.launch({
    chromePath: '/usr/bin/chromium',
    userDataDir: profileDir,
    chromeFlags: [...chromiumLaunch.args, '--headless=new'],
  });
  try {
    const options = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      disableStorageReset: true,
      ...(cpuSlowdownMultiplier === undefined ? {} : { throttling: { cpuSlowdownMultiplier } }),
    };
    const result = await lighthouse(url, options, formFactor === 'desktop' ? desktopConfig : undefined);
    return result.lhr;
  } finally {
    await chrome.kill();
  }
}

const scoreOf = (lhr, category) => Math.round(lhr.categories[category].score * 100);

/** The middle value of `values` (the lower middle for an even count). */
const middle = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

/**
 * The figures the floor table compares: the median score and the median TBT of `reports` (each on
 * its own, as the table), the worst CLS and accessibility, and LCP of Lighthouse's median run.
 */
export function summarise(reports) {
  const median = computeMedianRun(reports);
  const scores = reports.map((lhr) => scoreOf(lhr, 'performance'));
  const tbts = reports.map((lhr) => Math.round(lhr.audits['total-blocking-time'].numericValue));
  return {
    score: middle(scores),
    scores,
    tbt: middle(tbts),
    tbts,
    cls: Math.max(...reports.map((lhr) => lhr.audits['cumulative-layout-shift'].numericValue)),
    accessibility: Math.min(...reports.map((lhr) => scoreOf(lhr, 'accessibility'))),
    lcp: median.audits['largest-contentful-paint'].displayValue,
    benchmarkIndex: middle(reports.map((lhr) => Math.round(lhr.environment.benchmarkIndex))),
  };
}
