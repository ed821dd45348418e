import { expect, test, type Page } from '@playwright/test';
import { authHeaders, expectAccessible, signInToApp, skipAnnouncements, skipTour } from './support/fitpost';

/**
 * Import a Plan (issue 29) at 1280×800 and on a 390 px phone: the admin drops a CSV with a bad row,
 * sees the row and its cell named, chooses the fixed file and schedules every row at once. The
 * Auto-Posts it makes are two years ahead, marked with the run, and cancelled at the end, so no
 * other spec meets them.
 */
const sizes = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

function planCsv(marker: string, networksOfRow3: string) {
  const year = new Date().getUTCFullYear() + 2;
  return [
    'date,time,time_zone,text,networks',
    `${year}-04-06,07:30,America/New_York,"Plan ${marker}: mobility, 10 minutes",x;linkedin`,
    `${year}-04-07,18:00,,"Plan ${marker}: hydrate, then lift",${networksOfRow3}`,
    `${year}-04-08,12:15,Europe/London,Plan ${marker}: rest day,facebook`,
    '',
  ].join('\r\n');
}

async function chooseFile(page: Page, name: string, text: string) {
  await page
    .locator('.plan-import input[type=file]')
    .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') });
}

for (const size of sizes) {
  test.describe(`at ${size.width}×${size.height}`, () => {
    test.use({ viewport: size });

    test('import a plan with a bad row, fix it, schedule every row', async ({ page }) => {
      test.setTimeout(180_000);
      const marker = `e2e-${size.width}-${Date.now()}`;
      await skipTour(page);
      await skipAnnouncements(page);
      await signInToApp(page, 'admin@example.com');
      await page.goto('/app/manage');
      await page
        .locator('section', { has: page.getByRole('heading', { name: 'Upcoming Scheduled Auto-Posts' }) })
        .getByRole('button', { name: 'Import a Plan' })
        .click();
      await expect(page.getByRole('heading', { level: 1, name: 'Import a Plan' })).toBeVisible({
        timeout: 20_000,
      });
      await expect(page.getByRole('link', { name: 'Download a template CSV' })).toBeVisible();

      await chooseFile(page, 'plan.csv', planCsv(marker, 'x;myspace'));
      await expect(page.getByText("Unknown network 'myspace'", { exact: false })).toBeVisible({
        timeout: 20_000,
      });
      await expect(page.getByText('2 ready')).toBeVisible();
      await expect(page.getByText('1 with problems')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Schedule 2 Auto-Posts' })).toBeDisabled();
      expect(await scrollsSideways(page)).toBe(false);
      await expectAccessible(page);

      await chooseFile(page, 'plan-fixed.csv', planCsv(marker, 'x;facebook'));
      const schedule = page.getByRole('button', { name: 'Schedule 3 Auto-Posts' });
      await expect(schedule).toBeEnabled({ timeout: 20_000 });
      await expect(page.getByText('0 with problems')).toBeVisible();
      await schedule.click();
      await expect(page.getByText('Scheduled 3 Auto-Posts.')).toBeVisible({ timeout: 20_000 });
      expect(await scrollsSideways(page)).toBe(false);
      await expectAccessible(page);

      // What was scheduled, then cancelled so that no other spec meets it.
      const headers = await authHeaders(page);
      const list = await page.request.get('/api/autoposts', { headers });
      const mine = ((await list.json()) as { id: string; body: string; networks: string[] }[]).filter((a) =>
        a.body.includes(marker),
      );
      expect(mine.map((a) => a.networks)).toEqual([['x', 'linkedin'], ['x', 'facebook'], ['facebook']]);
      for (const a of mine)
        expect((await page.request.post(`/api/autoposts/${a.id}/cancel`, { headers })).status()).toBe(200);
    });
  });
}
