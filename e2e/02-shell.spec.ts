import { expect, test } from '@playwright/test';
import { expectAccessible, signIn } from './support/fitpost';

test('the admin sees the Administration group; the coach does not and cannot open /app/manage', async ({
  browser,
}) => {
  const adminPage = await (await browser.newContext()).newPage();
  await signIn(adminPage, 'admin@example.com');
  await expect(adminPage).toHaveURL(/\/app\/(dashboard|settings\/welcome)$/);
  const adminNav = adminPage.getByRole('navigation').first();
  await expect(adminNav.getByText('Administration')).toBeVisible();
  await adminNav.getByRole('menuitem', { name: 'Users' }).click();
  await expect(adminPage).toHaveURL(/\/app\/manage\/users$/);
  await expect(adminPage.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  await expect(adminPage.getByRole('cell', { name: 'admin@example.com' })).toBeVisible();
  await expectAccessible(adminPage);

  const coachPage = await (await browser.newContext()).newPage();
  await signIn(coachPage, 'coach@example.com');
  await expect(coachPage).toHaveURL(/\/app\/dashboard$/);
  const coachNav = coachPage.getByRole('navigation').first();
  await expect(coachNav.getByRole('menuitem', { name: 'Browse Library' })).toBeVisible();
  await expect(coachNav.getByText('Administration')).toHaveCount(0);
  await expect(coachNav.getByText('Basic Stats')).toHaveCount(0);
  await expectAccessible(coachPage);

  await coachPage.goto('/app/manage');
  await expect(coachPage).toHaveURL(/\/app\/dashboard$/);
});

test('the selected sidebar item follows the path, and every area opens', async ({ page }) => {
  await signIn(page, 'coach@example.com');
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  const nav = page.getByRole('navigation').first();
  await nav.getByRole('menuitem', { name: 'Create New' }).click();
  await expect(page).toHaveURL(/\/app\/posts\/post$/);
  await expect(nav.locator('.ant-menu-item-selected')).toHaveText(/Create New/);
  await nav.getByRole('menuitem', { name: 'Browse Library' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Browse Library');
  await expect(nav.locator('.ant-menu-item-selected')).toHaveText(/Browse Library/);
  await expectAccessible(page);
  await nav.getByRole('menuitem', { name: 'Account' }).click();
  await expect(page).toHaveURL(/\/app\/settings/);
  await expectAccessible(page);
});

test('at 900 px wide the sidebar is a drawer', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 900, height: 800 } });
  const page = await context.newPage();
  await signIn(page, 'coach@example.com');
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  const calendarItem = page.getByRole('menuitem', { name: 'Calendar' });
  await expect(calendarItem).toBeHidden();
  await page
    .getByRole('button', { name: /navigation|menu/i })
    .first()
    .click();
  const drawer = page.getByRole('dialog');
  await expect(drawer).toBeVisible();
  const box = await drawer.boundingBox();
  expect(Math.round(box?.width ?? 0)).toBe(300);
  await drawer.getByRole('menuitem', { name: 'Calendar' }).click();
  await expect(page).toHaveURL(/\/app\/calendar$/);
  await expectAccessible(page);
});
