import { expect, test, type Page } from '@playwright/test';
import { mainNav, newMember, newPortal, signInToApp, skipTour } from './support/fitpost';
import { ensureOwnAccount } from './support/social';

/**
 * One server-state layer (issue 11): a change to a post on one screen is on every other screen at
 * once, without a reload — every view was opened (and cached) before the change, and the app only
 * moves between them through its own navigation.
 */
const timeZone = 'America/New_York';
test.use({ timezoneId: timeZone });

/** `YYYY-MM-DD` of tomorrow in the test's zone. */
function tomorrow(): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(Date.now() + 24 * 3_600_000));
}

/** Goes to a sidebar entry (client-side navigation) and waits for its heading. */
async function open(page: Page, link: string, heading = link) {
  await mainNav(page).getByRole('link', { name: link, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

test('a post saved in the composer is at once on Schedule a Post, the calendar and the dashboard; moved on the calendar, at once in the list', async ({
  page,
}) => {
  await skipTour(page);
  // A member of a portal of their own (e2e/support: newMember, newPortal), so their lists hold only
  // this post: not even the organisation's Auto-Posts.
  await signInToApp(page, newMember('coach', 'Olivia Other', { portalId: newPortal().portalId }));
  await ensureOwnAccount(page, 'x');
  await page.goto('/app/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Recommended Posts' })).toBeVisible();
  // Marks this document: a reload would lose it.
  await page.evaluate(() => Object.assign(window, { e2eDocument: 'first' }));

  // Every view is opened first, so each holds the member's (empty) posts in its cache.
  const scheduledPanel = page.getByRole('region', { name: 'My Scheduled Posts' });
  await expect(scheduledPanel).toContainText('You have no scheduled posts.');
  await open(page, 'Schedule a Post');
  await expect(page.getByText('No upcoming posts.', { exact: false })).toBeVisible();
  await open(page, 'Calendar');
  await expect(page.getByRole('button', { name: /Fresh everywhere/ })).toHaveCount(0);

  // Written and scheduled in the composer: tomorrow, 10:00 AM.
  const body = `Fresh everywhere: hill sprints (${Date.now().toString(36)})`;
  const day = tomorrow();
  await open(page, 'Create New');
  await page.getByLabel('Post text').fill(body);
  await page.getByRole('checkbox', { name: /^X / }).check();
  await page.getByRole('radio', { name: 'Schedule' }).check();
  await page.getByLabel('Date').fill(day);
  await page.getByLabel('Time').fill('10:00');
  await page.getByRole('button', { name: 'Schedule Post' }).click();
  await expect(page.getByRole('heading', { name: 'Scheduled' })).toBeVisible();

  // Schedule a Post lists it.
  await open(page, 'Schedule a Post');
  const row = page.getByRole('row').filter({ hasText: body });
  await expect(row).toContainText('10:00 AM');

  // The calendar shows it on its day.
  await open(page, 'Calendar');
  const event = page
    .locator(`[role="cell"][data-date="${day}"]`)
    .getByRole('button', { name: /^10:00 AM\s*, Scheduled for X: Fresh everywhere/ });
  await expect(event).toBeVisible();

  // The dashboard lists it among the member's next posts.
  await open(page, 'Recommended Posts');
  await expect(scheduledPanel.getByRole('listitem').filter({ hasText: body })).toContainText('10:00 AM');

  // Moved on the calendar to 11:30 AM the same day…
  await open(page, 'Calendar');
  await event.click();
  const details = page.getByRole('dialog', { name: 'Post details' });
  await details.getByLabel(/^Time/).fill('11:30');
  await details.getByRole('button', { name: 'Move Post' }).click();
  await expect(page.getByText(/^Post moved to .* 11:30 AM/)).toBeVisible();

  // …and Schedule a Post shows the new time at once.
  await open(page, 'Schedule a Post');
  await expect(row).toContainText('11:30 AM');
  await expect(row).not.toContainText('10:00 AM');

  // All of it in the one document the test started with: nothing was reloaded.
  expect(await page.evaluate(() => (window as unknown as { e2eDocument?: string }).e2eDocument)).toBe(
    'first',
  );
});
