import { expect, test } from '@playwright/test';
import { expectAccessible, mainNav, signIn, skipTour } from './support/fitpost';

test('an admin grants FitPost to a lapsed member, who can then sign in', async ({ browser }) => {
  const admin = await (await browser.newContext()).newPage();
  await skipTour(admin);
  await signIn(admin, 'admin@example.com');
  await expect(admin).toHaveURL(/\/app\/(dashboard|settings\/welcome)$/);
  await mainNav(admin).getByRole('link', { name: 'Users', exact: true }).click();
  // The lapsed member signed in (and was refused) in an earlier test, so FitPost knows them.
  await admin.getByRole('button', { name: 'Roles of Lee Lapsed' }).click();
  const drawer = admin.getByRole('dialog', { name: 'Lee Lapsed: roles' });
  await expect(drawer).toBeVisible();
  await drawer.getByRole('button', { name: 'Add Role' }).click();
  const modal = admin.getByRole('dialog', { name: 'Choose a Role to Add' });
  await expect(modal).toBeVisible();
  await expectAccessible(admin);
  await modal.getByLabel('Role').click();
  // antd renders the visible options apart from its screen-reader listbox.
  await admin.locator('.ant-select-item-option', { hasText: 'FitPost Member' }).click();
  await modal.getByRole('button', { name: 'Add Role' }).click();
  await expect(modal).toBeHidden();
  await expect(drawer.getByText('FitPost Member')).toBeVisible();

  const lapsed = await (await browser.newContext()).newPage();
  await skipTour(lapsed);
  await signIn(lapsed, 'lapsed@example.com');
  await expect(lapsed).toHaveURL(/\/app\/(dashboard|settings\/welcome)$/);
  await expect(lapsed.getByRole('heading', { level: 1 })).toBeVisible();
});
