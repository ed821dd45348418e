import { expect, test, type Browser, type Page } from '@playwright/test';
import { authHeaders, expectAccessible, mainNav, newMember, signInToApp, skipTour } from './support/fitpost';

/** This spec's coach (e2e/support: newMember), who has never seen an announcement. */
const coach = newMember('coach', 'Casey Coach');

const day = 86_400_000;

/** The admin writes an announcement in the rich-text editor, with `bold` in bold. */
async function writeAnnouncement(
  page: Page,
  text: string,
  bold: string,
  options: { url?: string; urlText?: string; recurring?: boolean } = {},
) {
  await page.getByRole('button', { name: 'New announcement' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: 'New announcement' });
  const editor = dialog.getByRole('textbox', { name: 'Announcement' });
  await editor.click();
  await page.keyboard.type(`${text} ${bold}`);
  for (let i = 0; i < bold.length; i++) await page.keyboard.press('Shift+ArrowLeft');
  await dialog.getByRole('button', { name: 'Bold' }).click();
  if (options.url) await dialog.getByRole('textbox', { name: 'Link', exact: true }).fill(options.url);
  if (options.urlText) await dialog.getByRole('textbox', { name: 'Link text' }).fill(options.urlText);
  if (options.recurring) await dialog.getByText('Recurring', { exact: false }).click();
  await expect(
    dialog.getByRole('region', { name: 'Preview' }).locator('strong', { hasText: bold }),
  ).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

/** This spec's announcements, by the words they start with. */
const written = ['Stretch before every session', 'Book your'];

/**
 * Deletes this spec's announcements. Left active, they open a modal dialog in every new browser a
 * member signs in with (other specs' signIn marks them seen: e2e/support), so they go once shown.
 */
async function deleteWritten(adminPage: Page) {
  const headers = await authHeaders(adminPage);
  const found = await adminPage.request.post('/api/announcement/search', {
    headers,
    data: { pagesize: 100 },
  });
  expect(found.ok()).toBe(true);
  const { items } = (await found.json()) as { items: { id: string; body: string }[] };
  const ids = items
    .filter((a) => written.some((words) => a.body.replace(/<[^>]*>/g, '').includes(words)))
    .map((a) => a.id);
  if (ids.length === 0) return;
  const deleted = await adminPage.request.delete('/api/announcement', { headers, data: { ids } });
  expect(deleted.ok()).toBe(true);
}

test('the admin writes announcements; the coach sees each once, and the recurring one again after 30 days', async ({
  browser,
}) => {
  const adminPage = await (await browser.newContext()).newPage();
  await skipTour(adminPage);
  await signInToApp(adminPage, 'admin@example.com');
  await seeAnnouncements(browser, adminPage);
});

// Also when the test above failed or ran out of time: a fresh admin session of its own.
test.afterAll(async ({ browser }) => {
  const adminPage = await (await browser.newContext()).newPage();
  await skipTour(adminPage);
  await signInToApp(adminPage, 'admin@example.com');
  await deleteWritten(adminPage);
});

async function seeAnnouncements(browser: Browser, adminPage: Page) {
  await mainNav(adminPage).getByRole('link', { name: 'Announcements' }).click();
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Announcements' })).toBeVisible();
  await expectAccessible(adminPage);
  await writeAnnouncement(adminPage, 'Stretch before every session,', 'daily', {
    url: 'https://example.com/stretching',
    urlText: 'Read the guide',
  });
  await writeAnnouncement(adminPage, 'Book your', 'check-in', { recurring: true });
  await expect(adminPage.getByRole('cell').locator('strong', { hasText: 'daily' })).toBeVisible();

  const page = await (await browser.newContext()).newPage();
  let asked = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/announcement/active')) asked += 1;
  });
  await skipTour(page);
  await signInToApp(page, coach, { announcements: true });
  const dialog = page.getByRole('dialog').filter({ hasText: 'Announcement' });
  await expect(dialog.locator('strong', { hasText: 'daily' })).toBeVisible();
  const link = dialog.getByRole('link', { name: 'Read the guide' });
  await expect(link).toHaveAttribute('href', 'https://example.com/stretching');
  await expect(link).toHaveAttribute('target', '_blank');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'close', exact: true }).click();
  const second = page.getByRole('dialog').filter({ hasText: 'Book your' });
  await expect(second.locator('strong', { hasText: 'check-in' })).toBeVisible();
  await second.getByRole('button', { name: 'close', exact: true }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(asked).toBe(1);

  // Inside the 30-day window: not shown again, not even asked for.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(asked).toBe(1);

  // 31 days later (the page's clock): the recurring one again, the seen one-off not. The clock is
  // set with no app open: an open app sees the day change, asks at once and shows it there, and the
  // reload after it would find the new cookie window.
  await page.goto('about:blank');
  await page.clock.install({ time: new Date(Date.now() + 31 * day) });
  await page.goto('/app/dashboard');
  const again = page.getByRole('dialog').filter({ hasText: 'Book your' });
  await expect(again.locator('strong', { hasText: 'check-in' })).toBeVisible();
  await expect(page.getByText('Stretch before every session')).toHaveCount(0);
  expect(asked).toBe(2);
  await again.getByRole('button', { name: 'close', exact: true }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}
