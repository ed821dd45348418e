import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { dayIn, mainNav, signInToApp, skipAnnouncements, skipTour } from '../support/fitpost';
import { ensureConnected } from '../support/social';

/**
 * The README's five-minute walkthrough, clicked through on a fresh demo: a member (the coach), then
 * an admin. Each `shot` writes docs/screenshots/<name>.png; the names are fixed, so a new run
 * replaces the pictures the README shows. Run with `npm run screenshots` (see its config).
 */
const outDir = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));
const desktop = { width: 1280, height: 800 };
const phone = { width: 390, height: 844 };
const zone = 'America/New_York'; // the browser's zone (the config's timezoneId)

test.describe.configure({ mode: 'serial' });

test.beforeAll(() => {
  mkdirSync(outDir, { recursive: true });
  for (const file of readdirSync(outDir)) if (file.endsWith('.png')) rmSync(`${outDir}${file}`);
});

test.afterAll(() => {
  const files = readdirSync(outDir).filter((file) => file.endsWith('.png'));
  const bytes = files.reduce((sum, file) => sum + statSync(`${outDir}${file}`).size, 0);
  console.log(`${files.length} screenshots, ${(bytes / 1_048_576).toFixed(2)} MB in docs/screenshots/`);
});

/**
 * Waits for the screen to settle (nothing loading, passing messages gone, fonts drawn), puts `top`
 * (if given) at the top of the view, then writes `<name>.png`.
 */
async function shot(page: Page, name: string, top?: Locator) {
  await expect(page.locator('.ant-skeleton, .ant-spin-spinning, [role=progressbar]')).toHaveCount(0, {
    timeout: 30_000,
  });
  await expect(page.locator('.ant-message-notice')).toHaveCount(0, { timeout: 15_000 });
  await page.evaluate(async () => {
    // No focus ring or selected field in the picture.
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    await document.fonts.ready;
  });
  // Below the sticky top bar, not under it.
  await top?.evaluate((element: HTMLElement) => {
    element.style.scrollMarginTop = '88px';
    element.scrollIntoView({ block: 'start' });
  });
  await page.mouse.move(0, page.viewportSize()?.height ?? 0);
  await page.screenshot({ path: `${outDir}${name}.png`, animations: 'disabled', caret: 'hide' });
}

/** Follows a sidebar link and waits for its screen's title. */
async function go(page: Page, link: string, heading: string | RegExp = link) {
  await mainNav(page).getByRole('link', { name: link, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 30_000 });
}

test('a member: sign in, connect accounts, queue from the library, the calendar, My Results', async ({
  page,
}) => {
  await page.setViewportSize(desktop);
  await skipTour(page);
  await skipAnnouncements(page);

  // The organisation's sign-in page (the sandbox stands in for it).
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Email').fill('coach@example.com');
  await shot(page, '01-member-sign-in');

  // A first sign-in lands on the welcome screen.
  await signInToApp(page, 'coach@example.com');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to FitPost' })).toBeVisible();
  await shot(page, '02-member-welcome');

  // Step 1: Settings → Social Platforms → Add New Connection, for X and for LinkedIn.
  await page.getByRole('link', { name: 'Go to Social Platforms' }).click();
  await expect(page.getByRole('button', { name: 'Add New Connection' })).toBeVisible();
  await ensureConnected(page, 'x');
  await ensureConnected(page, 'linkedin');
  await page.goto('/app/settings?tab=social-platforms');
  await expect(page.getByRole('row', { name: /^LinkedIn / })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('row', { name: /^X / })).toBeVisible();
  await shot(page, '03-member-social-platforms');

  // Step 2: System Settings: the time zone (the browser's, chosen already) and Auto-Post on for both.
  await page.getByRole('tab', { name: 'System Settings' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'System Settings' })).toBeVisible();
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Your settings are saved.')).toBeVisible();
  const optIn = page.getByRole('region', { name: 'Auto-Post' });
  const switches = optIn.getByRole('switch');
  await expect(switches).toHaveCount(2, { timeout: 30_000 });
  for (const control of await switches.all()) {
    if ((await control.getAttribute('aria-checked')) === 'true') continue;
    await control.click();
    await expect(control).toHaveAttribute('aria-checked', 'true');
  }
  await shot(
    page,
    '04-member-system-settings',
    page.getByRole('heading', { level: 2, name: 'Posting Queue' }),
  );

  // Recommended Posts: the organisation's picks and the upcoming Auto-Posts.
  await go(page, 'Recommended Posts');
  await expect(
    page.getByRole('region', { name: 'Recommended for You' }).getByRole('article').first(),
  ).toBeVisible({ timeout: 30_000 });
  await shot(page, '05-member-recommended-posts');

  // Browse Library → a card's Schedule Post: the composer with the usual accounts and the queue.
  await go(page, 'Browse Library');
  const cards = page.getByRole('list', { name: 'Library content' }).getByRole('article');
  await expect(cards.first()).toBeVisible({ timeout: 30_000 });
  await shot(page, '06-member-browse-library');
  await cards.first().getByRole('button', { name: 'Schedule Post' }).click();
  await expect(page.getByRole('radio', { name: 'Add to Queue' })).toBeChecked({ timeout: 30_000 });
  await expect(page.getByTestId('composer-queue-slot')).toContainText('Next free time in your queue');
  await shot(page, '07-member-create-new');
  await page.getByRole('button', { name: 'Add to Queue' }).click();
  await expect(page.getByRole('heading', { name: 'Scheduled' })).toBeVisible({ timeout: 30_000 });

  // One click from another card: Add to Queue.
  await go(page, 'Browse Library');
  await cards.nth(1).getByRole('button', { name: 'Add to Queue' }).click();
  await expect(page.getByText(/Added to your queue: .* goes out /)).toBeVisible({ timeout: 30_000 });

  // A third card posted at once (Post Now asks first), so My Results has something to show.
  await cards.nth(2).getByRole('button', { name: 'Schedule Post' }).click();
  await page.getByRole('radio', { name: 'Post Now' }).check();
  await page.getByRole('button', { name: 'Post Now' }).click();
  await page
    .getByRole('dialog')
    .filter({ hasText: 'Post now to' })
    .getByRole('button', { name: 'Post Now' })
    .click();
  await expect(page.getByRole('heading', { name: 'Posted' })).toBeVisible({ timeout: 60_000 });

  // Calendar → Week: the queued posts at their slots.
  await go(page, 'Calendar');
  await page.getByRole('tablist', { name: 'Change view' }).getByRole('tab', { name: 'Week view' }).click();
  await expect(page).toHaveURL(/view=week/);
  await expect(page.getByRole('button', { name: /, Scheduled for X and LinkedIn: / }).first()).toBeVisible({
    timeout: 30_000,
  });
  await shot(page, '08-member-calendar-week');

  // My Results: the post just published, with its first figures.
  await go(page, 'My Results');
  await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible({ timeout: 60_000 });
  await shot(page, '09-member-my-results');

  // The same on a phone.
  await page.setViewportSize(phone);
  await page.goto('/app/dashboard');
  await expect(
    page.getByRole('region', { name: 'Recommended for You' }).getByRole('article').first(),
  ).toBeVisible({ timeout: 30_000 });
  await shot(page, '10-member-recommended-posts-phone');
  await page.goto('/app/calendar?view=week');
  await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible({ timeout: 30_000 });
  await shot(page, '11-member-calendar-phone');
});

test('an admin: Content Repository, Auto-Post and its preview, Messages, Reports', async ({ page }) => {
  await page.setViewportSize(desktop);
  await skipTour(page);
  await skipAnnouncements(page);
  await signInToApp(page, 'admin@example.com');

  await go(page, 'Content Repository');
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows.nth(1)).toBeVisible({ timeout: 30_000 });
  await shot(page, '12-admin-content-repository');

  // A row's Schedule Auto-Post: the form starts from the item.
  await rows
    .nth(1)
    .getByRole('link', { name: /^Schedule Auto-Post for / })
    .click();
  await expect(page.getByRole('textbox', { name: 'Post text' })).not.toHaveValue('', { timeout: 30_000 });
  await page.getByRole('checkbox', { name: 'X' }).check();
  await page.getByRole('checkbox', { name: 'LinkedIn' }).check();
  await page.getByLabel('Date').fill(dayIn(new Date(Date.now() + 2 * 86_400_000), zone));
  await page.getByLabel('Time').fill('10:00');
  await shot(page, '13-admin-schedule-auto-post');
  await page.getByRole('button', { name: 'Schedule Auto-Post' }).click();
  await expect(page).toHaveURL(/\/app\/manage\/autopost\/[0-9a-f-]{36}$/, { timeout: 30_000 });

  // Its progress screen's Preview for members: each network's card for a sample of members.
  await page.getByRole('button', { name: 'Preview for members' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Auto-Post Preview' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('article', { name: /^X preview/ }).first()).toBeVisible({ timeout: 30_000 });
  await shot(page, '14-admin-auto-post-preview');

  // Messages → Compose, to all members.
  await go(page, 'Messages');
  const panel = page.getByRole('region', { name: 'Messages' });
  await panel.getByRole('button', { name: 'Compose' }).click();
  const form = page.getByRole('region', { name: 'Compose' });
  await form.getByText('All members', { exact: true }).click();
  await form.getByRole('textbox', { name: 'Subject' }).fill('Spring challenge starts Monday');
  await form
    .getByRole('textbox', { name: 'Message' })
    .fill('Pick a post from the library and add it to your queue: we will share the best ones.');
  await shot(page, '15-admin-messages');
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(panel.getByText('Message sent')).toBeVisible({ timeout: 30_000 });

  // Reports → Basic Stats.
  await go(page, 'All Reports', 'Reports');
  await page.getByRole('main').getByRole('link', { name: 'Basic Stats' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Basic Stats' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });
  await shot(page, '16-admin-reports');
});
