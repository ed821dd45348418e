import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { reportRoutes, reportTitles } from '@fitpost/contract';
import { advanceMetricsClock, resetMetricsClock } from '@fitpost/sandbox/testing';
import {
  expectAccessible,
  expectNoSidewaysScroll,
  mainNav,
  newMember,
  sandbox,
  signInToApp,
  skipTour,
} from './support/fitpost';
import { ensureOwnAccount } from './support/social';

/** This spec's coach (e2e/support: newMember), posting to an X account of their own. */
const coach = newMember('coach', 'Casey Coach');

/** Hours the sandbox's metrics clock is moved on, so the post's figures are those of a 5-hour-old post. */
const agedHours = 5;

/** axe at 1280×800 and at 390 px wide (where tables read as cards), then back to the desktop size. */
async function expectAccessibleAtBothSizes(page: Page, ready: (page: Page) => Promise<void>) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await ready(page);
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await ready(page);
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  await page.setViewportSize({ width: 1280, height: 800 });
}

// The coach's journey on one signed-in page: setting up (signing in, connecting X) in its own hook,
// posting and reading the figures as two steps, each waiting on what it needs.
test.describe
  .serial('the coach publishes a post; its figures grow at the network and My Results shows it with its likes', () => {
  let page: Page;
  const body = `Reports check ${Date.now()}: deadlifts done right`;
  test.beforeAll(async ({ browser }) => {
    // The member's first sign-in and, run alone, connecting X through the sandbox's OAuth pages: the
    // two slowest journeys of the suite (93 s together at a load average of 20).
    test.setTimeout(120_000);
    page = await (await browser.newContext()).newPage();
    await skipTour(page);
    await signInToApp(page, coach);
    await ensureOwnAccount(page, 'x');
    // The sandbox's figures grow with a post's age: on a clock 5 hours ahead, a new post earns what a
    // 5-hour-old one has (likes = 6 × its rate of 1–5 per hour: 6 to 30, where a fresh post has 1 to 5).
    await advanceMetricsClock(sandbox, agedHours * 3600);
  });
  test.afterAll(async () => {
    // Later specs read figures on real time.
    await resetMetricsClock(sandbox);
    await page.context().close();
  });

  test('the coach posts now to X', async () => {
    // The composer is ready once its code has loaded and it has the member's accounts (the X
    // account to tick): wait for its own request for them to be answered, then for the account. An
    // answer, not a request: the page left behind may have one in flight that the navigation cancels.
    const answered = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/social/connections' && r.request().method() === 'GET',
    );
    await page.goto('/app/posts/post');
    expect((await answered).ok()).toBe(true);
    const xAccount = page.getByRole('checkbox', { name: /^X / });
    await expect(xAccount).toBeVisible();
    await page.getByLabel('Post text').fill(body);
    await xAccount.check();
    await page.getByRole('radio', { name: 'Post Now' }).check();
    await page.getByRole('button', { name: 'Post Now' }).click();
    // Post Now asks once, naming the account, before anything is sent.
    await page
      .getByRole('dialog')
      .filter({ hasText: 'Post now to 1 account?' })
      .getByRole('button', { name: 'Post Now' })
      .click();
    await expect(page.getByRole('heading', { name: 'Posted' })).toBeVisible({ timeout: 45_000 });
  });

  test('My Results shows the post in Recent posts with the likes the network reports', async () => {
    // The metrics job (every 2 s here, playwright.config.ts) fetches it; My Results then shows it
    // (its code loaded once its own request for the figures has gone out and been answered).
    const opened = page.waitForRequest(
      (r) => new URL(r.url()).pathname === '/api/stats/me' && r.method() === 'GET',
    );
    await mainNav(page).getByRole('link', { name: 'My Results' }).click();
    expect((await (await opened).response())?.ok()).toBe(true);
    await expect(page.getByRole('heading', { level: 1, name: 'My Results' })).toBeVisible();
    const recent = page.getByRole('table', { name: 'Recent posts' });
    const row = recent.getByRole('row').filter({ hasText: body });
    let likes = Number.NaN;
    await expect
      .poll(
        async () => {
          // Reload for the figures the metrics job has fetched since, and read them only once the
          // page has them: its answer arrived and its tables are drawn (a spinner until then). The
          // answer awaited is the one to the reloaded page's own request: a response awaited by URL
          // alone could be the previous page's, still on its way when the reload began.
          const asked = page.waitForRequest(
            (r) => new URL(r.url()).pathname === '/api/stats/me' && r.method() === 'GET',
          );
          await page.reload();
          const answered = await (await asked).response();
          expect(answered?.ok()).toBe(true);
          await expect(page.getByRole('heading', { level: 2, name: 'Recent posts' })).toBeVisible();
          const headers = await recent.getByRole('columnheader').allTextContents();
          const cell = row.getByRole('cell').nth(headers.indexOf('Likes'));
          if ((await row.count()) === 0) return Number.NaN;
          likes = Number((await cell.textContent())?.replaceAll(',', ''));
          return likes;
        },
        { timeout: 45_000, intervals: [2000] },
      )
      .toBeGreaterThanOrEqual(agedHours + 1);
    expect(likes % (agedHours + 1), `likes ${likes} are 6 hours' worth`).toBe(0);
    await expect(row.getByRole('link', { name: 'Open' })).toHaveAttribute('href', /\/status\//);
    await expectAccessibleAtBothSizes(page, async (p) => {
      await expect(p.getByRole('heading', { level: 2, name: 'Recent posts' })).toBeVisible();
    });
  });
});

// The admin opens each of the eleven reports from All Reports, one test per report on one signed-in page.
test.describe
  .serial('the admin opens each report from All Reports: title, chart or table, CSV with a header row', () => {
  let page: Page;
  test.beforeAll(async ({ browser }) => {
    // A page of its own context (axe needs one), kept signed in across the reports.
    page = await (await browser.newContext()).newPage();
    await skipTour(page);
    await signInToApp(page, 'admin@example.com');
  });
  test.afterAll(async () => {
    await page.context().close();
  });

  test('All Reports lists them', async () => {
    await mainNav(page).getByRole('link', { name: 'All Reports' }).click();
    await expect(page).toHaveURL(/\/app\/manage\/reports$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
    for (const path of reportRoutes) {
      await expect(
        page.getByRole('main').getByRole('link', { name: reportTitles[path], exact: true }),
      ).toHaveAttribute('href', `/app/manage/reports/${path}`);
    }
    await expectAccessible(page);
  });

  for (const path of reportRoutes) {
    const report = { path, title: reportTitles[path] };
    test(report.title, async () => {
      // Opened by the address All Reports links to (checked above). The report's rows are drawn
      // once its answer has arrived: wait for that answer (on a loaded machine the server may take
      // longer than an assertion's 10 s), then for what it draws.
      const answered = page.waitForResponse(
        (r) =>
          new URL(r.url()).pathname === `/api/report/${report.path}` &&
          !new URL(r.url()).searchParams.has('format'),
      );
      await page.goto(`/app/manage/reports/${report.path}`);
      expect((await answered).ok()).toBe(true);
      await expect(page.getByRole('heading', { level: 1, name: report.title })).toBeVisible();
      // Rows (as a table, with the chart where one helps) or, for a report with nothing in the
      // period on this database, its empty state; never an error or an endless spinner.
      const shown = page.getByRole('table').first().or(page.getByText('Nothing in this period.'));
      await expect(shown).toBeVisible();
      await expect(page.getByText(/could not be loaded|went wrong/i)).toHaveCount(0);
      // No column heading squeezed to a letter per line (Posts Detail's "Text" once was).
      const squeezed = await page.getByRole('columnheader').evaluateAll((headings) =>
        headings
          .filter((th) => {
            const line = parseFloat(getComputedStyle(th).lineHeight) || 22;
            return th.getBoundingClientRect().height > line * 3;
          })
          .map((th) => th.textContent),
      );
      expect(squeezed).toEqual([]);

      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download CSV' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(
        new RegExp(`^fitpost-${report.path}-\\d{4}-\\d{2}-\\d{2}-to-\\d{4}-\\d{2}-\\d{2}\\.csv$`),
      );
      const [header] = (await readFile(await file.path(), 'utf8')).split('\r\n');
      const tableHeaders = await page.getByRole('columnheader').allTextContents();
      // The header row names the report's columns (as the table does, when it shows rows; Best
      // Times draws a heatmap of its rows instead, e2e/24-best-times.spec.ts).
      expect(header?.split(',').length).toBeGreaterThan(1);
      if (tableHeaders.length > 0 && path !== 'besttimes')
        expect(header).toBe(tableHeaders.filter(Boolean).join(','));
    });

    // The same page, still showing the report: axe, and nothing off the side at 390 px.
    test(`${report.title}: accessible at 1280 and 390 px wide`, async () => {
      await expect(page).toHaveURL(new RegExp(`/app/manage/reports/${report.path}(\\?|$)`));
      const shown = page.getByRole('table').first().or(page.getByText('Nothing in this period.'));
      await expectAccessibleAtBothSizes(page, async (p) => {
        await expect(p.getByRole('heading', { level: 1, name: report.title })).toBeVisible();
        await expect(shown.or(p.getByRole('list', { name: report.title })).first()).toBeVisible();
      });
    });
  }
});
