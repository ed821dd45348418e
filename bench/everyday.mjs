// A member's everyday jobs in a real browser, counted in clicks and timed from the first click to
// the outcome on screen (page loads before the first click and sign-in are not counted): library
// card → queued post, calendar day → scheduled post, and this week's posts from the dashboard.
// Runs against the built stack started here, signed in as the demo coach through the sandbox, at
// 1280×800. `npm run bench everyday` (BENCH_PORT / BENCH_SANDBOX_PORT move its two ports).
import os from 'node:os';
import { chromium } from '@playwright/test';
import { chromiumLaunch, dayIn, signInDemoCoach, startDemoStack } from './lib.mjs';

const port = Number(process.env.BENCH_PORT ?? 3231);
const sandboxPort = Number(process.env.BENCH_SANDBOX_PORT ?? 4231);
const base = `http://localhost:${port}`; // startDemoStack's address for `port`
const timeZone = 'America/New_York';

/** Counts the clicks of one job and times it from its first click to its outcome. */
function job(page) {
  let clicks = 0;
  let started = 0;
  return {
    async click(locator) {
      if (clicks === 0) started = performance.now();
      clicks += 1;
      await locator.click();
    },
    done: () => ({ clicks, seconds: ((performance.now() - started) / 1000).toFixed(1) }),
    page,
  };
}

async function signIn(page) {
  await signInDemoCoach(page, base);
  // X connected through the sandbox's consent page: the composer ticks it as the usual account.
  await page.goto(`${base}/app/settings?tab=social-platforms`);
  await page.getByRole('button', { name: 'Add New Connection' }).click();
  await page
    .getByRole('dialog', { name: 'Choose a Network to Connect' })
    .getByRole('button', { name: 'X', exact: true })
    .click();
  await page.getByRole('button', { name: 'Authorize app' }).click();
  await page.getByRole('cell', { name: /casey_coach_fit/ }).waitFor({ timeout: 60_000 });
}

/** Library card → queued post: 'Schedule Post', then 'Add to Queue' in the composer (nothing typed). */
async function libraryToQueue(page) {
  await page.goto(`${base}/app/content`);
  const card = page.getByRole('list', { name: 'Library content' }).getByRole('article').first();
  await card.getByRole('button', { name: 'Schedule Post' }).waitFor({ timeout: 60_000 });
  const j = job(page);
  await j.click(card.getByRole('button', { name: 'Schedule Post' }));
  // The composer's own button (the library's cards have one each): once the composer is drawn.
  const text = page.getByRole('textbox', { name: 'Post text' });
  await text.waitFor({ timeout: 60_000 });
  await j.click(page.getByRole('main').getByRole('button', { name: 'Add to Queue', exact: true }));
  await page.getByRole('heading', { name: 'Scheduled' }).waitFor({ timeout: 60_000 });
  return j.done();
}

/** The card's own 'Add to Queue': one click. */
async function libraryCardQueue(page) {
  await page.goto(`${base}/app/content`);
  const card = page.getByRole('list', { name: 'Library content' }).getByRole('article').first();
  await card.getByRole('button', { name: 'Add to Queue' }).waitFor({ timeout: 60_000 });
  const j = job(page);
  await j.click(card.getByRole('button', { name: 'Add to Queue' }));
  await page.getByText(/Added to your queue: .* goes out /).waitFor({ timeout: 60_000 });
  return j.done();
}

/** Calendar day → scheduled post: the day, 'Create New Post', the post's text, 'Schedule Post'. */
async function calendarDayToPost(page) {
  const day = dayIn(new Date(Date.now() + 2 * 86_400_000), timeZone);
  await page.goto(`${base}/app/calendar?view=month&date=${day}`);
  const dayLink = page.locator(`[role="cell"][data-date="${day}"]`).getByRole('link').first();
  await dayLink.waitFor({ timeout: 60_000 });
  const j = job(page);
  await j.click(dayLink);
  await j.click(page.getByRole('button', { name: 'Create New Post' }));
  await page.getByRole('textbox', { name: 'Post text' }).fill('Hill sprints, six rounds.');
  await j.click(page.getByRole('button', { name: 'Schedule Post' }));
  await page.getByRole('heading', { name: 'Scheduled' }).waitFor({ timeout: 60_000 });
  return j.done();
}

/** This week's posts from the dashboard: 'Calendar' in the sidebar, then the week. */
async function thisWeek(page) {
  await page.goto(`${base}/app/dashboard`);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Calendar' }).waitFor({ timeout: 60_000 });
  const j = job(page);
  await j.click(nav.getByRole('link', { name: 'Calendar' }));
  await j.click(page.getByRole('tab', { name: 'Week view' }));
  await page
    .getByRole('button', { name: /Scheduled for X/ })
    .first()
    .waitFor({ timeout: 60_000 });
  return j.done();
}

export async function benchEveryday() {
  const stack = await startDemoStack({ port, sandboxPort, dataDir: '.tmp/bench-everyday' });
  let browser;
  try {
    browser = await chromium.launch(chromiumLaunch);
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      timezoneId: timeZone,
    });
    await context.addInitScript(() => localStorage.setItem('tutorial', 'true'));
    const page = await context.newPage();
    await signIn(page);
    const rows = [
      ['Library card → queued post (composer)', await libraryToQueue(page)],
      ["Library card → queued post (the card's Add to Queue)", await libraryCardQueue(page)],
      ['Calendar day → scheduled post (text typed)', await calendarDayToPost(page)],
      ["This week's posts, from the dashboard", await thisWeek(page)],
    ];
    return [
      `Load average at the end: ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(', ')}`,
      '',
      '| Job (1280×800) | clicks | seconds |',
      '| --- | --- | --- |',
      ...rows.map(([name, r]) => `| ${name} | ${r.clicks} | ${r.seconds} s |`),
    ].join('\n');
  } finally {
    await browser?.close();
    await stack.stopAll();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await benchEveryday());
