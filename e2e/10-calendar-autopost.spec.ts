import { expect, test, type Page } from '@playwright/test';
import {
  authHeaders,
  expectAccessible,
  newMember,
  newPortal,
  signInToApp,
  skipTour,
  dayIn as dayInZone,
} from './support/fitpost';
import { ensureOwnAccount } from './support/social';

/**
 * A portal of this spec's own (e2e/support: newPortal), whose admin writes the Auto-Post for its
 * coach: the demo admin keeps the zone of their first sign-in, which this spec's New York browser
 * must not decide for the specs that run after it.
 */
const portal = newPortal();
const coachMember = newMember('coach', 'Casey Coach', { portalId: portal.portalId });

/** The member's zone comes from the browser here (no System Settings saved): a zone with DST. */
const timeZone = 'America/New_York';
test.use({ timezoneId: timeZone, viewport: { width: 1280, height: 1300 } });

/** `YYYY-MM-DD` of an instant in the test's zone. */
const dayIn = (instant: Date) => dayInZone(instant, timeZone);

const dayCell = (page: Page, day: string) => page.locator(`[role="cell"][data-date="${day}"]`);

test("the coach sees the organisation's Auto-Post on the calendar, skips it, then makes it a Custom Post and lands in the composer with its text", async ({
  page: coach,
  browser,
}) => {
  test.setTimeout(120_000);
  const token = Date.now().toString(36);
  const body = `Farmer carries: heavy, tall, slow (${token})`;

  // The coach connects X and turns Auto-Post on for it.
  await skipTour(coach);
  await signInToApp(coach, coachMember);
  const x = await ensureOwnAccount(coach, 'x');
  const optIn = await coach.request.put('/api/autoposts/settings', {
    headers: await authHeaders(coach),
    data: { accounts: [{ connectionId: x.id, enabled: true }] },
  });
  expect(optIn.status()).toBe(200);

  // The admin schedules an Auto-Post for X and LinkedIn, two days ahead, through the API.
  const admin = await (await browser.newContext()).newPage();
  await skipTour(admin);
  await signInToApp(admin, portal.admin);
  const when = new Date(Date.now() + 2 * 24 * 3600_000);
  when.setSeconds(0, 0);
  const scheduled = await admin.request.post('/api/autoposts', {
    headers: await authHeaders(admin),
    data: { body, networks: ['x', 'linkedin'], scheduledAt: when.toISOString(), timeZone },
  });
  expect(scheduled.status()).toBe(201);
  await admin.context().close();

  // The coach sees it on its day, as an Auto-Post going to their X account (they have no LinkedIn).
  const day = dayIn(when);
  await coach.goto(`/app/calendar?view=month&date=${day}`);
  await expect(coach.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();
  const event = dayCell(coach, day).getByRole('button', {
    name: /Auto-Post for X: Farmer carries/,
  });
  await expect(event).toBeVisible();
  await expect(event).toContainText(body);
  await expectAccessible(coach);

  // Open it from the keyboard: its text and account, the choice in force; skip it.
  await event.focus();
  await coach.keyboard.press('Enter');
  const dialog = coach.getByRole('dialog', { name: 'Auto-Post details' });
  await expect(dialog.getByText(body)).toBeVisible();
  // Their one X account is listed.
  await expect(dialog.getByText(/^X: /)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Auto-Post' })).toHaveAttribute('aria-pressed', 'true');
  await expectAccessible(coach);
  await dialog.getByRole('button', { name: 'Skip this one' }).click();
  await expect(dialog).toBeHidden();
  await expect(coach.getByText('Skipped: this one will not be posted for you.')).toBeVisible();

  // Still there, muted and marked Skipped; and still readable (axe checks its contrast).
  const skipped = dayCell(coach, day).getByRole('button', { name: /Skipped Auto-Post: Farmer carries/ });
  await expect(skipped).toBeVisible();
  await expect(skipped).toContainText('Skipped');
  await expectAccessible(coach);

  // Changed minds: Custom Post makes it the coach's own post and opens it in the composer.
  await skipped.click();
  await expect(dialog.getByRole('button', { name: 'Skip this one' })).toHaveAttribute('aria-pressed', 'true');
  await dialog.getByRole('button', { name: 'Custom Post' }).click();
  await expect(coach).toHaveURL(/\/app\/posts\/post\?id=[0-9a-f-]{36}$/);
  await expect(coach.getByLabel('Post text')).toHaveValue(body);

  // Back on the calendar it is the coach's scheduled post, once, and no longer an Auto-Post.
  await coach.goto(`/app/calendar?view=month&date=${day}`);
  await expect(
    dayCell(coach, day).getByRole('button', { name: /Scheduled for X: Farmer carries/ }),
  ).toBeVisible();
  await expect(dayCell(coach, day).getByRole('button', { name: /Farmer carries/ })).toHaveCount(1);
});
