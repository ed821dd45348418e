import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible, mainNav, newMember, signIn, signInToApp, skipTour } from './support/fitpost';

/** This spec's coach (e2e/support: newMember); the admin only reads. */
const coach = newMember('coach', 'Casey Coach');

// The coach has signed in once before (a first sign-in has its own test, e2e/01): FitPost knows them
// and sends them to the dashboard, where the tour has not been closed yet.
test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext();
  await signInToApp(await context.newPage(), coach);
  await context.close();
});

test('the admin sees the Administration group; the coach does not and cannot open /app/manage', async ({
  browser,
}) => {
  const adminPage = await (await browser.newContext()).newPage();
  await skipTour(adminPage);
  await signIn(adminPage, 'admin@example.com');
  await expect(adminPage).toHaveURL(/\/app\/(dashboard|settings\/welcome)$/);
  const adminNav = mainNav(adminPage);
  await expect(adminNav.getByText('Administration')).toBeVisible();
  await adminNav.getByRole('link', { name: 'Users', exact: true }).click();
  await expect(adminPage).toHaveURL(/\/app\/manage\/users$/);
  await expect(adminPage.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  await expect(adminPage.getByRole('cell', { name: 'admin@example.com' })).toBeVisible();
  await expectAccessible(adminPage);

  const coachPage = await (await browser.newContext()).newPage();
  await skipTour(coachPage);
  await signIn(coachPage, coach);
  await expect(coachPage).toHaveURL(/\/app\/dashboard$/);
  const coachNav = mainNav(coachPage);
  await expect(coachNav.getByRole('link', { name: 'Browse Library' })).toBeVisible();
  await expect(coachNav.getByText('Administration')).toHaveCount(0);
  await expect(coachNav.getByText('Basic Stats')).toHaveCount(0);
  await expectAccessible(coachPage);

  await coachPage.goto('/app/manage');
  await expect(coachPage).toHaveURL(/\/app\/dashboard$/);
});

test('the selected sidebar item follows the path, and every area opens', async ({ page }) => {
  await skipTour(page);
  await signInToApp(page, coach);
  const nav = mainNav(page);
  await nav.getByRole('link', { name: 'Create New' }).click();
  await expect(page).toHaveURL(/\/app\/posts\/post$/);
  await expect(nav.locator('a[aria-current="page"]')).toHaveText(['Create New']);
  await nav.getByRole('link', { name: 'Browse Library' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Browse Library');
  await expect(nav.locator('a[aria-current="page"]')).toHaveText(['Browse Library']);
  await expectAccessible(page);
  await nav.getByRole('link', { name: 'Account' }).click();
  await expect(page).toHaveURL(/\/app\/settings/);
  await expectAccessible(page);
});

test('at 900 px wide the sidebar is a drawer', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 900, height: 800 } });
  const page = await context.newPage();
  await skipTour(page);
  await signInToApp(page, coach);
  const calendarItem = page.getByRole('link', { name: 'Calendar' });
  await expect(calendarItem).toBeHidden();
  const toggle = page.getByRole('button', { name: /navigation|menu/i }).first();
  await toggle.click();
  const drawer = page.getByRole('dialog');
  await expect(drawer).toBeVisible();
  const box = await drawer.boundingBox();
  expect(Math.round(box?.width ?? 0)).toBe(300);
  // Open, it passes axe; from the keyboard, Escape closes it and gives focus back to the toggle.
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(toggle).toBeFocused();
  await toggle.click();
  await drawer.getByRole('link', { name: 'Calendar' }).click();
  // The calendar then writes its view and date into the query, so allow one.
  await expect(page).toHaveURL(/\/app\/calendar(\?|$)/);
  // Choosing a destination closes the drawer; check the page once it has finished closing.
  await expect(drawer).toBeHidden();
  await expectAccessible(page);
});

/** Closes the tour and checks that a new load of the dashboard does not show it again. */
async function closeTourForGood(page: Page, tour: Locator) {
  await tour.getByRole('button', { name: 'Close' }).click();
  await expect(tour).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Recommended Posts', level: 1 })).toBeVisible();
  await expect(tour).toBeHidden();
}

/** Starts recording, from the next page load on, which elements the browser saw jump (layout shifts). */
async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const shifted: string[] = [];
    Object.assign(window, { shifted });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { sources: { node?: Node }[] }[])
        for (const source of entry.sources)
          if (source.node instanceof Element) shifted.push(source.node.className);
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

test("'Take a Tour' shows a new member's first jobs and is remembered once closed", async ({ page }) => {
  await recordLayoutShifts(page);
  await signIn(page, coach);
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  // First visit: the tour opens by itself on its first job; closing it remembers that (on the server).
  const tour = page.locator('.ant-tour');
  await expect(tour).toBeVisible();
  await expect(tour).toContainText('Connect your accounts');
  // It appears where it belongs, rather than jumping onto the screen from where antd measured it.
  const shifted = await page.evaluate(() => (window as unknown as { shifted: string[] }).shifted);
  expect(shifted.filter((name) => name.includes('ant-tour'))).toEqual([]);
  await closeTourForGood(page, tour);
  // 'Take a Tour' shows it again on the dashboard.
  await mainNav(page).getByRole('link', { name: 'Calendar' }).click();
  await page.getByRole('link', { name: 'Take a Tour' }).click();
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await expect(tour).toBeVisible();
  await expect(tour).toContainText('Connect your accounts');
  // Closed again: remembered on the server as well.
  await closeTourForGood(page, tour);
});
