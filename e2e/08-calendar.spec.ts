import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  authHeaders,
  expectAccessible,
  newMember,
  signInToApp,
  skipTour,
  dayIn as dayInZone,
} from './support/fitpost';
import { ensureOwnAccount } from './support/social';

/** This spec's coach (e2e/support: newMember): the calendar holds their posts alone. */
const coach = newMember('coach', 'Casey Coach');

/** The member's zone comes from the browser here (no System Settings saved): a zone with DST. */
const timeZone = 'America/New_York';
// Tall enough for a whole month, so a drag never has to scroll the page.
test.use({ timezoneId: timeZone, viewport: { width: 1280, height: 1300 } });

/** `YYYY-MM-DD` of an instant in the test's zone. */
const dayIn = (instant: Date) => dayInZone(instant, timeZone);

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** How FullCalendar names a day: "March 12, 2026". */
function longDate(day: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  }).format(new Date(`${day}T12:00:00Z`));
}

const dayCell = (page: Page, day: string) => page.locator(`[role="cell"][data-date="${day}"]`);

/** Drags with the mouse in small steps, as FullCalendar needs to see the pointer travel. */
async function drag(page: Page, item: Locator, target: Locator) {
  await item.scrollIntoViewIfNeeded();
  const from = await item.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('Nothing to drag, or nowhere to drop it');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height * 0.7, { steps: 20 });
  await page.mouse.up();
}

test('the coach sees a scheduled post on the calendar, drags it to tomorrow, and it stays there', async ({
  page,
}) => {
  await skipTour(page);
  await signInToApp(page, coach);
  const x = await ensureOwnAccount(page, 'x');

  // A post two days ahead, written through the API with the coach's own session. Two days ahead and
  // the day after still fall in the six-week grid of yesterday's month.
  const when = new Date(Date.now() + 2 * 24 * 3_600_000);
  when.setSeconds(0, 0);
  const body = `Tempo squats, three sets (${Date.now().toString(36)})`;
  const created = await page.request.post('/api/posts', {
    headers: await authHeaders(page),
    data: { body, connectionIds: [x.id], scheduledAt: when.toISOString(), timeZone },
  });
  expect(created.status()).toBe(201);
  const postId = ((await created.json()) as { id: string }).id;

  const postDay = dayIn(when);
  const yesterday = addDays(dayIn(new Date()), -1);
  const nextDay = addDays(postDay, 1);
  // The month holding yesterday also shows the first days of the next month, so all three are on it.
  await page.goto(`/app/calendar?view=month&date=${yesterday}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();
  const event = page.getByRole('button', { name: new RegExp(`Scheduled for X: Tempo squats`) });
  await expect(dayCell(page, postDay).getByRole('button', { name: /Tempo squats/ })).toBeVisible();
  await expectAccessible(page);

  // Into the past: refused, and the post goes back where it was.
  await drag(page, event, dayCell(page, yesterday));
  await expect(page.getByText('The scheduled time has passed. Choose a time in the future.')).toBeVisible();
  await expect(dayCell(page, postDay).getByRole('button', { name: /Tempo squats/ })).toBeVisible();

  // To the next day, same time: saved.
  const saved = page.waitForResponse(
    (r) => r.url().endsWith(`/api/posts/${postId}/reschedule`) && r.request().method() === 'POST',
  );
  await drag(page, event, dayCell(page, nextDay));
  expect((await saved).status()).toBe(200);
  await expect(page.getByText(/^Post moved to /)).toBeVisible();

  await page.reload();
  await expect(dayCell(page, nextDay).getByRole('button', { name: /Tempo squats/ })).toBeVisible();
  await expect(dayCell(page, postDay).getByRole('button', { name: /Tempo squats/ })).toHaveCount(0);
  const stored = await page.request.get(`/api/posts/${postId}`, { headers: await authHeaders(page) });
  const scheduledAt = new Date(((await stored.json()) as { scheduledAt: string }).scheduledAt);
  expect(dayIn(scheduledAt)).toBe(nextDay);
  // From the keyboard: the post is a button; Enter opens its details.
  const moved = dayCell(page, nextDay).getByRole('button', { name: /Tempo squats/ });
  await moved.focus();
  await page.keyboard.press('Enter');
  const details = page.getByRole('dialog', { name: 'Post details' });
  await expect(details.getByText(body)).toBeVisible();
  await expect(details.getByRole('button', { name: 'Edit' })).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();

  const clock = (d: Date) => d.toLocaleTimeString('en-US', { timeZone, hour: 'numeric', minute: '2-digit' });
  expect(clock(scheduledAt)).toBe(clock(when));
});

test("clicking a day offers 'Choose Your Action', and Create New Post opens the composer for that day", async ({
  page,
}) => {
  await skipTour(page);
  await signInToApp(page, coach);
  const tomorrow = addDays(dayIn(new Date()), 1);
  await page.goto(`/app/calendar?view=month&date=${tomorrow}`);

  await dayCell(page, tomorrow)
    .getByRole('link', { name: `Choose an action for ${longDate(tomorrow)}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Choose Your Action' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Choose From Library' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Choose From Favorites' })).toBeVisible();
  await expectAccessible(page);

  await dialog.getByRole('button', { name: 'Create New Post' }).click();
  await expect(page).toHaveURL(new RegExp(`/app/posts/post\\?date=${tomorrow}$`));
});

test('the week and list views pass axe, and a day works from the keyboard with its choice focus-trapped', async ({
  page,
}) => {
  await skipTour(page);
  await signInToApp(page, coach);
  await page.goto('/app/calendar?view=month');
  const views = page.getByRole('tablist', { name: 'Change view' });
  await views.getByRole('tab', { name: 'Week view' }).click();
  await expect(page).toHaveURL(/view=week/);
  await expectAccessible(page);
  await views.getByRole('tab', { name: 'List view' }).click();
  await expect(page).toHaveURL(/view=list/);
  await expectAccessible(page);

  // Back on the month: Tab reaches a day's link, Enter opens the choice; Escape closes it.
  await views.getByRole('tab', { name: 'Month view' }).click();
  const today = dayIn(new Date());
  const link = dayCell(page, today).getByRole('link', { name: `Choose an action for ${longDate(today)}` });
  await link.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Choose Your Action' });
  await expect(dialog).toBeVisible();
  // antd's Modal keeps focus inside while it is open: Tab never reaches the page behind it (between
  // the last button and the first, focus rests on the document itself for one press).
  const focusIn = () =>
    page.evaluate(() => {
      const active = document.activeElement;
      if (!active || active === document.body) return 'document';
      return active.closest('[role="dialog"]') ? 'dialog' : 'page';
    });
  for (let i = 0; i < 8; i += 1) {
    await page.keyboard.press('Tab');
    expect(await focusIn()).not.toBe('page');
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});
