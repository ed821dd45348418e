import { expect, test, type Page } from '@playwright/test';
import {
  authHeaders,
  expectAccessible,
  mainNav,
  signInToApp,
  skipAnnouncements,
  skipTour,
  uniqueToken,
} from './support/fitpost';

/**
 * The admin's tools of issue 25.6 and the reports of 25.8 / 26.8, at 1280×800 and on a 390 px
 * phone: Manage Brands (add with color and website, the refusal of a brand in use, delete), Edit
 * <name> in Users with its change-log entry, and reports in the product's words with periods.
 */
const sizes = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

async function signInAsAdmin(page: Page) {
  await skipTour(page);
  await skipAnnouncements(page);
  await signInToApp(page, 'admin@example.com');
}

/** Whether the page scrolls sideways. */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

for (const size of sizes) {
  test.describe(`at ${size.width}×${size.height}`, () => {
    test.use({ viewport: size });

    test('Manage Brands: add a brand with its color and website, see a brand in use refused, delete', async ({
      page,
    }) => {
      test.setTimeout(180_000);
      await signInAsAdmin(page);
      if (size.width >= 992) {
        await mainNav(page).getByRole('link', { name: 'Brands', exact: true }).click();
      } else {
        await page.goto('/app/manage/brands');
      }
      await expect(page.getByRole('heading', { level: 1, name: 'Manage Brands' })).toBeVisible({
        timeout: 20_000,
      });
      // The organisation's brands are shared by every spec: this one's is named for this run.
      const name = `Harbor Strength ${size.width} ${uniqueToken().slice(-6)}`;
      await page.getByRole('button', { name: 'Add Brand' }).click();
      const drawer = page.getByRole('dialog', { name: 'Add Brand' });
      await drawer.getByLabel('Name').fill(name);
      await drawer.getByLabel('Color').fill('#1d3b6f');
      await drawer.getByLabel('Website').fill('https://harbor.example');
      await expectAccessible(page);
      await drawer.getByRole('button', { name: 'Add Brand' }).click();
      await expect(page.getByText(`${name} added.`)).toBeVisible({ timeout: 20_000 });
      await expect(page.getByRole('button', { name: `Edit ${name}` })).toBeVisible();
      expect(await scrollsSideways(page)).toBe(false);
      await expectAccessible(page);

      // A demo brand that content uses: refused until the admin says where its items go.
      const brands = await page.request.get('/api/brand?pagesize=100', { headers: await authHeaders(page) });
      const used = ((await brands.json()) as { items: { name: string; itemCount: number }[] }).items.find(
        (b) => b.itemCount > 0,
      );
      expect(used).toBeDefined();
      await page.getByRole('button', { name: `Delete ${used?.name ?? ''}` }).click();
      const refusal = page.getByRole('dialog', { name: `Delete ${used?.name ?? ''}?` });
      await expect(refusal).toContainText(`is used by ${used?.itemCount ?? 0} content items`);
      await expect(refusal.getByRole('button', { name: 'Move and Delete' })).toBeDisabled();
      await expectAccessible(page);
      await refusal.getByRole('button', { name: 'Cancel' }).click();
      await expect(refusal).toBeHidden();

      await page.getByRole('button', { name: `Delete ${name}` }).click();
      const confirm = page.getByRole('dialog', { name: `Delete ${name}?` });
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByText(`${name} deleted.`)).toBeVisible({ timeout: 20_000 });
      await expect(page.getByRole('button', { name: `Edit ${name}` })).toBeHidden();
    });

    test('Users: Edit <name> corrects a user’s details, and the change log names them', async ({ page }) => {
      test.setTimeout(180_000);
      await signInAsAdmin(page);
      const token = uniqueToken();
      const fullName = `Robin Row ${size.width} ${token.slice(-6)}`;
      const created = await page.request.post('/api/user', {
        headers: await authHeaders(page),
        data: { email: `robin.${size.width}.${token}@example.com`, fullName, accountType: 'Member' },
      });
      expect(created.status()).toBe(201);
      await page.goto('/app/manage/users');
      await page.getByRole('searchbox', { name: 'Search users' }).fill(fullName);
      await page.getByRole('searchbox', { name: 'Search users' }).press('Enter');
      await page.getByRole('button', { name: `Edit ${fullName}` }).click();
      const modal = page.getByRole('dialog', { name: `Edit ${fullName}` });
      await expect(modal.getByLabel('Full name')).toHaveValue(fullName);
      await modal.getByLabel('Account type').fill('Gym Owner');
      await expectAccessible(page);
      await modal.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Details saved.')).toBeVisible({ timeout: 20_000 });
      await expect(page.getByRole('row', { name: new RegExp(fullName) })).toContainText('Gym Owner');
      expect(await scrollsSideways(page)).toBe(false);

      await page.goto('/app/manage/settings');
      const changes = page.getByRole('region', { name: 'Last changes' });
      await expect(changes).toContainText(`User ${fullName}`, { timeout: 20_000 });
      await expect(changes).toContainText('Account type: Member → Gym Owner');
    });

    test('Reports speak the product’s words; periods in one click; Upcoming Posts looks ahead', async ({
      page,
    }) => {
      test.setTimeout(180_000);
      await signInAsAdmin(page);
      await page.goto('/app/manage/reports/stats');
      await expect(page.getByText('Connected accounts: X', { exact: true })).toBeVisible({
        timeout: 20_000,
      });
      await expect(page.getByText('Connected accounts: Facebook Page', { exact: true })).toBeVisible();
      const period = page.getByRole('radiogroup', { name: 'Period' });
      await expect(period.getByRole('radio', { name: 'Last 30 days' })).toBeChecked();
      await period.getByText('Last 7 days').click();
      await expect(period.getByRole('radio', { name: 'Last 7 days' })).toBeChecked();
      expect(await scrollsSideways(page)).toBe(false);
      await expectAccessible(page);

      await page.goto('/app/manage/reports/upcoming');
      await expect(page.getByRole('heading', { level: 1, name: 'Upcoming Posts' })).toBeVisible({
        timeout: 20_000,
      });
      await expect(
        page.getByRole('radiogroup', { name: 'Period' }).getByRole('radio', { name: 'Next 30 days' }),
      ).toBeChecked();
      expect(await scrollsSideways(page)).toBe(false);
      await expectAccessible(page);
    });
  });
}
