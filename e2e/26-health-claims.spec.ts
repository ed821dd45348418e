import { expect as baseExpect, test } from '@playwright/test';
import {
  authHeaders,
  expectAccessible,
  newPortal,
  signInToApp,
  skipTour,
  uniqueToken,
} from './support/fitpost';

// Health-claim checks (issue 30): a member is warned as they write, on a desktop and a phone; an
// Auto-Post with claims is refused until an admin acknowledges them; an organisation's new phrase
// reaches the warnings already stored. Nothing here is saved by the composer, the Auto-Post made
// is cancelled, and the rules are changed in a portal of the spec's own, so no other spec sees
// this spec's data.

/** The composer loads a large lazy chunk after sign-in; on a loaded machine that can take a while. */
const expect = baseExpect.configure({ timeout: 30_000 });

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`the composer names the claim and a safer wording at ${viewport.width}×${viewport.height}`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    await skipTour(page);
    await signInToApp(page, 'coach@example.com');
    await page.goto('/app/posts/post');
    const body = page.getByLabel('Post text');
    await body.fill('Our 7-day detox resets your body.');
    const alert = page.getByRole('alert').filter({ hasText: 'health claim' });
    await expect(alert).toContainText('“detox”');
    await expect(alert).toContainText('Safer: Name what it is');
    await expect(alert).toContainText('You can still save');
    // No sideways scroll on the phone.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page);
    // Reworded, the warning goes.
    await body.fill('A fresh, vegetable-packed menu this week.');
    await expect(alert).toHaveCount(0);
  });
}

test('an Auto-Post with claims is refused, then scheduled once acknowledged, and shows who checked them', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await skipTour(page);
  await signInToApp(page, 'admin@example.com');
  const headers = await authHeaders(page);
  const draft = {
    body: `Clinically proven strength plan ${Date.now().toString(36)}`,
    networks: ['linkedin'],
    scheduledAt: new Date(Date.now() + 30 * 24 * 3_600_000).toISOString(),
  };
  const refused = await page.request.post('/api/autoposts', { headers, data: draft });
  expect(refused.status()).toBe(422);
  expect(((await refused.json()) as { error: { message: string } }).error.message).toContain(
    '“Clinically proven”',
  );

  const made = await page.request.post('/api/autoposts', {
    headers,
    data: { ...draft, acknowledgeWarnings: true },
  });
  expect(made.status()).toBe(201);
  const { id } = (await made.json()) as { id: string };
  try {
    await page.goto(`/app/manage/autopost/${id}`);
    await expect(page.getByText(/“Clinically proven”: checked by/)).toBeVisible();
    await expectAccessible(page);
  } finally {
    await page.request.post(`/api/autoposts/${id}/cancel`, { headers });
  }
});

test('a phrase the organisation adds in its settings flags the library items that use it', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const { admin } = newPortal();
  const title = `Knees ${uniqueToken()}`;
  await skipTour(page);
  await signInToApp(page, admin);
  const made = await page.request.post('/api/content', {
    headers: await authHeaders(page),
    data: { title, body: 'A miracle method for stronger knees.' },
  });
  expect(made.status(), await made.text()).toBe(201);

  await page.goto('/app/manage/settings');
  await page.getByRole('button', { name: 'Add a phrase' }).click();
  await page.getByRole('textbox', { name: 'Phrase 1', exact: true }).fill('miracle');
  await page.getByRole('textbox', { name: 'Safer wording 1', exact: true }).fill('remarkable');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('The organization’s settings are saved.')).toBeVisible();

  // The worker rechecks the organisation's library in the background: the Content Repository's
  // filter lists the item once it has (reloaded until then).
  await page.goto('/app/manage/content');
  const filter = page.getByRole('checkbox', { name: 'Has health-claim warnings' });
  await expect
    .poll(
      async () => {
        await page.reload();
        const answered = page.waitForResponse(
          (r) =>
            new URL(r.url()).pathname === '/api/content' &&
            new URL(r.url()).searchParams.get('hasWarnings') === 'true',
        );
        await filter.check();
        expect((await answered).ok()).toBe(true);
        const row = page.getByRole('row').filter({ hasText: title });
        await expect(row.or(page.getByText('No content has health-claim warnings.')).first()).toBeVisible();
        return row.count();
      },
      { timeout: 60_000, intervals: [1000, 2000] },
    )
    .toBe(1);
  await expectAccessible(page);
});
