import { expect, test, type Locator, type Page } from '@playwright/test';
import { authHeaders, expectAccessible, newMember, signInToApp, skipTour, dayIn } from './support/fitpost';
import { ensureOwnAccount } from './support/social';

/** This spec's coach (e2e/support: newMember): the calendar holds their posts alone. */
const coach = newMember('coach', 'Casey Coach');

/** The coach's zone is the browser's (no System Settings saved). */
const timeZone = 'America/New_York';
test.use({ timezoneId: timeZone });

const sizes = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

/** `hour`:00 in New York on `day` (EST or EDT, whichever is in force that day). */
function atHour(day: string, hour: number): Date {
  const hh = String(hour).padStart(2, '0');
  for (const offset of ['-05:00', '-04:00']) {
    const candidate = new Date(`${day}T${hh}:00:00${offset}`);
    const shown = new Intl.DateTimeFormat('en-US', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(
      candidate,
    );
    if (shown === hh) return candidate;
  }
  throw new Error(`No ${hh}:00 on ${day}`);
}

/** The Sunday (the calendar's first day of the week) at least `days` days from now, in New York. */
function firstDayOfWeekAhead(days: number): string {
  for (let ahead = days; ahead < days + 7; ahead += 1) {
    const when = new Date(Date.now() + ahead * 86_400_000);
    if (new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short' }).format(when) === 'Sun') {
      return dayIn(when, timeZone);
    }
  }
  throw new Error('No Sunday in a week');
}

/** The words are drawn whole inside the post's box and the box inside the screen, with no scrolling. */
async function expectWordsShown(page: Page, event: Locator, words: string) {
  await expect(event).toBeInViewport({ ratio: 1 });
  const cut = await event.evaluate((box, text) => {
    const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent?.indexOf(text) ?? -1;
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + text.length);
      const outer = box.getBoundingClientRect();
      const clip = (node.parentElement ?? box).getBoundingClientRect();
      // Every line of the words lies inside the event and inside its (overflow-hidden) title.
      const outside = [...range.getClientRects()].filter(
        (r) =>
          r.left < Math.max(outer.left, clip.left) - 1 ||
          r.right > Math.min(outer.right, clip.right) + 1 ||
          r.top < outer.top - 1 ||
          r.bottom > outer.bottom + 1,
      );
      return outside.length > 0 ? `cut: ${JSON.stringify(outside[0])} in ${JSON.stringify(outer)}` : '';
    }
    return 'words not found';
  }, words);
  expect(cut).toBe('');
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
}

for (const size of sizes) {
  test(`at ${size.width}×${size.height} the week view shows a 10:00 post's first words without scrolling`, async ({
    page,
  }) => {
    // Signing in, connecting X and axe on two views, on a machine shared by several runs.
    test.setTimeout(120_000);
    await page.setViewportSize(size);
    await skipTour(page);
    await signInToApp(page, coach);
    const x = await ensureOwnAccount(page, 'x');

    // The first day (a Sunday) of a week at least two weeks ahead: on a phone the week is a list, in
    // which any earlier post of the week would come first.
    const day = firstDayOfWeekAhead(14);
    // The first words are this run's own, so an earlier run's post cannot answer for them.
    const words = `Mobility ${Date.now().toString(36)}`;
    const body = `${words} flow before your long run`;
    // On a wide screen a post at 03:00 the same day as well: the grid reaches back to it but still
    // opens on the member's first slot, so it must not push the 10:00 post below the fold. (A phone's
    // day list shows the day's posts in order, the 03:00 one first.) Not 02:00: on the Sunday New
    // York springs forward that hour does not exist.
    const posts: [string, number][] = [[body, 10]];
    if (size.width > 768) posts.push(['Night owl reminder', 3]);
    const postIds: string[] = [];
    for (const [text, hour] of posts) {
      const created = await page.request.post('/api/posts', {
        headers: await authHeaders(page),
        data: { body: text, connectionIds: [x.id], scheduledAt: atHour(day, hour).toISOString(), timeZone },
      });
      expect(created.status()).toBe(201);
      postIds.push(((await created.json()) as { id: string }).id);
    }

    try {
      await expectReadable(page, day, words);
    } finally {
      for (const postId of postIds) {
        const canceled = await page.request.post(`/api/posts/${postId}/cancel`, {
          headers: await authHeaders(page),
        });
        expect(canceled.ok()).toBe(true);
      }
    }
  });
}

async function expectReadable(page: Page, day: string, words: string) {
  await page.goto(`/app/calendar?view=week&date=${day}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible({ timeout: 30_000 });
  const event = page.getByRole('button', { name: new RegExp(`10:00 AM.*Scheduled for X: ${words}`) });
  await expectWordsShown(page, event, words);
  await expectAccessible(page);

  // The day view opens on the same hours; on a phone it is the day's list.
  await page.getByRole('tab', { name: 'Day view' }).click();
  await expectWordsShown(page, event, words);
  await expectAccessible(page);

  // The post's details: its status tag stands apart from its date ('Scheduled11/27/2026' before).
  await event.click();
  const details = page.getByRole('dialog', { name: 'Post details' });
  const tag = details.locator('.ant-tag', { hasText: 'Scheduled' });
  const date = tag.locator('xpath=following-sibling::span[1]');
  await expect(date).toHaveText(new RegExp(day.slice(0, 4)));
  // Both measured in one frame: the dialog zooms in as it opens, so boxes read one after the other
  // came from different moments of that animation. The date's first line box (a long date may wrap)
  // starts at least 4 px after the tag when it is beside it; below it, it cannot run into it.
  const gap = await date.evaluate((el) => {
    const tagRect = el.previousElementSibling?.getBoundingClientRect();
    const first = el.getClientRects()[0];
    if (!tagRect || !first) return null;
    return first.top >= tagRect.bottom ? Infinity : first.left - tagRect.right;
  });
  expect(gap).not.toBeNull();
  expect(gap).toBeGreaterThanOrEqual(4);
  await details.getByRole('button', { name: 'Close' }).first().click();
}

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/**
 * Runs in the page: the boxes of the lines of `text` inside `root` (the words themselves, which may
 * spill out of their element's box) and `other`'s box, read in one frame.
 */
function measureText(root: Element, { text, other }: { text: string; other: Element }) {
  const plain = (r: DOMRect) => ({ left: r.left, right: r.right, top: r.top, bottom: r.bottom });
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  let lines: Box[] = [];
  for (let node = walker.nextNode(); node && lines.length === 0; node = walker.nextNode()) {
    const at = node.textContent?.indexOf(text) ?? -1;
    if (at < 0) continue;
    const range = document.createRange();
    range.setStart(node, at);
    range.setEnd(node, at + text.length);
    lines = [...range.getClientRects()].map(plain);
  }
  return { lines, element: plain(root.getBoundingClientRect()), other: plain(other.getBoundingClientRect()) };
}

const overlaps = (a: Box, b: Box) =>
  a.left < b.right && a.right > b.left && a.top < b.bottom && a.bottom > b.top;
const inside = (a: Box, b: Box) =>
  a.left >= b.left - 0.5 && a.right <= b.right + 0.5 && a.top >= b.top - 0.5 && a.bottom <= b.bottom + 0.5;

test("at 390×844 a day's name stays clear of its posts in the week list, and a month day's count inside its cell", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await skipTour(page);
  await signInToApp(page, coach);
  const x = await ensureOwnAccount(page, 'x');
  // The Wednesday (the longest weekday name) of a week at least two weeks ahead, clear of this spec's other posts.
  const day = dayIn(new Date(atHour(firstDayOfWeekAhead(14), 12).getTime() + 3 * 86_400_000), timeZone);
  const words = `Stretch ${Date.now().toString(36)}`;
  const postIds: string[] = [];
  // Ten posts, so the month shows a two-digit count ("10 posts"), which its 45 px cell cut to
  // '10 pos' before.
  for (let hour = 8; hour < 18; hour += 1) {
    const created = await page.request.post('/api/posts', {
      headers: await authHeaders(page),
      data: {
        body: `${words} at ${hour}`,
        connectionIds: [x.id],
        scheduledAt: atHour(day, hour).toISOString(),
        timeZone,
      },
    });
    expect(created.status()).toBe(201);
    postIds.push(((await created.json()) as { id: string }).id);
  }

  try {
    await page.goto(`/app/calendar?view=week&date=${day}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible({ timeout: 30_000 });
    // The day's first post, which sits level with the day's name.
    const event = page.getByRole('button', { name: new RegExp(`\\b8:00 AM.*Scheduled for X: ${words}`) });
    await expect(event).toBeVisible();
    const dayHeader = page.locator(`.posts-calendar [data-date="${day}"]`).filter({ hasText: 'Wednesday' });
    await expect(dayHeader).toHaveCount(1);
    // No line of the words 'Wednesday' overlaps the post.
    const week = await dayHeader.evaluate(measureText, {
      text: 'Wednesday',
      other: await event.elementHandle(),
    });
    expect(week.lines.length).toBeGreaterThan(0);
    expect(week.lines.filter((line) => overlaps(line, week.other))).toEqual([]);
    await expectAccessible(page);

    await page.getByRole('tab', { name: 'Month view' }).click();
    const cell = page.locator(`.posts-calendar [role="cell"][data-date="${day}"]`);
    const count = cell.getByRole('button', { name: /^\d+ posts?$/ });
    await expect(count).toHaveText('10 posts');
    // The link lies within the day's cell, and its words within the link (not cut off by its edge).
    const month = await count.evaluate(measureText, {
      text: '10 posts',
      other: await cell.elementHandle(),
    });
    expect(month.lines.length).toBeGreaterThan(0);
    expect(inside(month.element, month.other)).toBe(true);
    expect(month.lines.filter((line) => !inside(line, month.element))).toEqual([]);
    await expectAccessible(page);
  } finally {
    for (const postId of postIds) {
      const canceled = await page.request.post(`/api/posts/${postId}/cancel`, {
        headers: await authHeaders(page),
      });
      expect(canceled.ok()).toBe(true);
    }
  }
});
