import { expect, test } from '@playwright/test';
import { expectAccessible, mainNav, newMember, signIn, signInToApp, skipTour } from './support/fitpost';

/** A lapsed member of this spec's own (e2e/support: newMember): no other spec sees them gain access. */
const lapsed = newMember('lapsed', 'Lee Lapsed', { fitpost: false });

test('an admin grants FitPost to a lapsed member, who can then sign in', async ({ browser }) => {
  const refused = await (await browser.newContext()).newPage();
  await signIn(refused, lapsed);
  await expect(refused.getByRole('heading', { name: "You don't have access" })).toBeVisible();

  const admin = await (await browser.newContext()).newPage();
  await skipTour(admin);
  await signInToApp(admin, 'admin@example.com');
  await mainNav(admin).getByRole('link', { name: 'Users', exact: true }).click();
  // The refused sign-in told FitPost about the member, so the admin finds them.
  // (By name: other specs' members share the list.)
  await admin.getByRole('searchbox', { name: 'Search users' }).fill(lapsed.name);
  await admin.getByRole('searchbox', { name: 'Search users' }).press('Enter');
  await admin.getByRole('button', { name: `Roles of ${lapsed.name}` }).click();
  const drawer = admin.getByRole('dialog', { name: `${lapsed.name}: roles` });
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

  const lapsedPage = await (await browser.newContext()).newPage();
  await skipTour(lapsedPage);
  await signInToApp(lapsedPage, lapsed);
  await expect(lapsedPage.getByRole('heading', { level: 1 })).toBeVisible();
});
