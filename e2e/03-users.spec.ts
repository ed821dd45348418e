import { expect, test } from '@playwright/test';
import { expectAccessible, mainNav, signIn, signInToApp, skipTour } from './support/fitpost';

test('an admin grants FitPost to a lapsed member, who can then sign in', async ({ browser }) => {
  const refused = await (await browser.newContext()).newPage();
  await signIn(refused, 'lapsed@example.com');
  await expect(refused.getByRole('heading', { name: "You don't have access" })).toBeVisible();

  const admin = await (await browser.newContext()).newPage();
  await skipTour(admin);
  await signInToApp(admin, 'admin@example.com');
  await mainNav(admin).getByRole('link', { name: 'Users', exact: true }).click();
  // The refused sign-in told FitPost about the member, so the admin finds them.
  await admin.getByRole('button', { name: 'Roles of Lee Lapsed' }).click();
  const drawer = admin.getByRole('dialog', { name: 'Lee Lapsed: roles' });
  await expect(drawer).toBeVisible();
  await drawer.getByRole('button', { name: 'Add Role' }).click();
  const modal = admin.getByRole('dialog', { name: 'Choose a Role to Add' });
  await expect(modal).toBeVisible();
  await expectAccessible(admin);
  // antd renders the visible options apart from its screen-reader listbox, and animates the
  // dropdown: choose until the select shows the choice.
  await expect(async () => {
    await modal.getByLabel('Role').click();
    const option = admin.locator('.ant-select-item-option', { hasText: 'FitPost Member' });
    await option.click({ timeout: 2000 });
    await expect(modal.getByTitle('FitPost Member')).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await modal.getByRole('button', { name: 'Add Role' }).click();
  await expect(modal).toBeHidden();
  await expect(drawer.getByText('FitPost Member')).toBeVisible();

  const lapsed = await (await browser.newContext()).newPage();
  await skipTour(lapsed);
  await signInToApp(lapsed, 'lapsed@example.com');
  await expect(lapsed.getByRole('heading', { level: 1 })).toBeVisible();
});
