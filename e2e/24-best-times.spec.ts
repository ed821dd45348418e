/**
 * Issue 29: suggested posting times and the Best Times report, at 1280×800 and 390×844. The admin
 * publishes a post of their own first (the data this spec needs), waits for its figures, uses the
 * suggested times and resets them (leaving their week as it was), and reads the post's hour in Best
 * Times, its heatmap and its CSV.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import {
  suggestedQueueSlots,
  suggestionBasisText,
  weekdayNames,
  type QueueSlots,
  type QueueSuggestions,
  type ReportResult,
} from '@fitpost/contract';
import {
  authHeaders,
  expectAccessible,
  expectNoSidewaysScroll,
  signInToApp,
  skipTour,
} from './support/fitpost';
import { ensureConnected } from './support/social';

const sizes = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

async function api<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(path, { headers: await authHeaders(page) });
  expect(res.ok(), `${path}: ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

/** The admin's Best Times of the last 30 days (the screen's default period), in their zone. */
const bestTimes = (page: Page) => api<ReportResult>(page, '/api/report/besttimes?pagesize=168');
const postsIn = (report: ReportResult) => report.rows.reduce((n, r) => n + Number(r.posts), 0);

/** The weekday and hour ("Monday", "09:00") of an instant on `zone`'s clocks. */
function weekHour(instant: string, zone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    weekday: 'long',
    hour: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(instant));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { day: part('weekday'), hour: `${part('hour')}:00` };
}

test.describe.serial('suggested posting times and the Best Times report', () => {
  let page: Page;
  let publishedAt = '';

  test.beforeAll(async ({ browser }) => {
    // Signing in, connecting X, publishing and the metrics job's first fetch, on a shared machine.
    test.setTimeout(180_000);
    page = await (await browser.newContext()).newPage();
    await skipTour(page);
    await signInToApp(page, 'admin@example.com');
    const x = await ensureConnected(page, 'x');
    const before = postsIn(await bestTimes(page));
    const res = await page.request.post('/api/posts', {
      headers: await authHeaders(page),
      data: {
        body: `Best Times check ${Date.now()}: mobility first`,
        connectionIds: [x.id],
        publishNow: true,
      },
    });
    expect(res.ok(), await res.text()).toBe(true);
    // Published, then enrolled and fetched by the metrics job (every 2 s here, playwright.config.ts):
    // the report counts a post once the network has told its figures.
    await expect
      .poll(async () => postsIn(await bestTimes(page)), { timeout: 90_000, intervals: [2000] })
      .toBeGreaterThan(before);
    const post = await api<{ targets: { publishedAt: string | null }[] }>(
      page,
      `/api/posts/${((await res.json()) as { id: string }).id}`,
    );
    publishedAt = post.targets[0]?.publishedAt ?? '';
    expect(publishedAt).not.toBe('');
  });
  test.afterAll(async () => {
    await page.context().close();
  });

  for (const size of sizes) {
    test(`${size.name}: Use suggested times replaces the week, Reset puts it back`, async () => {
      await page.setViewportSize({ width: size.width, height: size.height });
      const before = await api<QueueSlots>(page, '/api/queue/slots');
      const suggestions = await api<QueueSuggestions>(page, '/api/queue/suggestions');
      await page.goto('/app/settings?tab=system-settings');
      await expect(page.getByRole('heading', { level: 2, name: 'Posting Queue' })).toBeVisible({
        timeout: 30_000,
      });
      const panel = page.getByRole('complementary', { name: 'Suggested Times' });
      // Honest about whose posts the times come from.
      await expect(panel.getByTestId('queue-suggestions-basis')).toContainText(
        suggestionBasisText(suggestions),
      );
      await expectAccessible(page);
      if (size.name === 'phone') await expectNoSidewaysScroll(page);

      await panel.getByRole('button', { name: 'Use suggested times' }).click();
      await expect(page.getByText('Your week now has the suggested times.')).toBeVisible();
      const used = await api<QueueSlots>(page, '/api/queue/slots');
      expect(used.slots).toEqual(suggestedQueueSlots(suggestions.slots));
      expect(used.isDefault).toBe(false);
      const first = used.slots[0];
      if (first) {
        const week = page.getByRole('list', { name: 'Your posting times' });
        await expect(
          week
            .getByRole('button', { name: new RegExp(`^Remove ${weekdayNames[first.weekday - 1]} `) })
            .first(),
        ).toBeVisible();
      }

      await panel.getByRole('button', { name: 'Reset' }).click();
      await expect(page.getByText('Your posting times are back as they were.')).toBeVisible();
      const reset = await api<QueueSlots>(page, '/api/queue/slots');
      expect({ slots: reset.slots, isDefault: reset.isDefault }).toEqual({
        slots: before.slots,
        isDefault: before.isDefault,
      });
      await expect(panel.getByRole('button', { name: 'Reset' })).toHaveCount(0);
    });

    test(`${size.name}: Best Times shows the post's hour in a heatmap, and downloads as CSV`, async () => {
      await page.setViewportSize({ width: size.width, height: size.height });
      const answered = page.waitForResponse(
        (r) =>
          new URL(r.url()).pathname === '/api/report/besttimes' &&
          !new URL(r.url()).searchParams.has('format'),
      );
      await page.goto('/app/manage/reports/besttimes');
      const answer = await answered;
      expect(answer.ok()).toBe(true);
      const report = (await answer.json()) as ReportResult;
      await expect(page.getByRole('heading', { level: 1, name: 'Best Times' })).toBeVisible();

      // The post's weekday and hour on the admin's clocks: a cell with at least one post.
      const { day, hour } = weekHour(publishedAt, report.timeZone);
      const row = report.rows.find((r) => r.day === day && r.hour === hour);
      expect(Number(row?.posts)).toBeGreaterThanOrEqual(1);
      const table = page.getByRole('table', { name: /Engagement per post by day and hour/ });
      await expect(table).toBeVisible();
      const headings = await table.getByRole('columnheader').allTextContents();
      const column = headings.findIndex((h) => h.includes(day));
      const hourNumber = Number(hour.slice(0, 2));
      const label = `${hourNumber % 12 || 12} ${hourNumber < 12 ? 'AM' : 'PM'}`;
      const cell = table
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: label, exact: true }) })
        .getByRole('cell')
        .nth(column - 1);
      await expect(cell).toContainText(`${Number(row?.posts).toLocaleString('en-US')} post`);

      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download CSV' }).click();
      const lines = (await readFile(await (await download).path(), 'utf8')).split('\r\n');
      expect(lines[0]).toBe('Day,Hour,Posts,Engagement,Engagement per post');
      expect(lines.filter((l) => l.startsWith(`${day},${hour},`))).toHaveLength(1);

      await expectAccessible(page);
      if (size.name === 'phone') await expectNoSidewaysScroll(page);
    });
  }
});
