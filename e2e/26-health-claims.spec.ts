import { expect as baseExpect, test } from '@playwright/test';
import { authHeaders, expectAccessible, signInToApp, skipTour } from './support/fitpost';

// Health-claim checks (issue 30): a member is warned as they write, on a desktop and a phone; an
// Auto-Post with claims is refused until an admin acknowledges them. Nothing here is saved by the
// composer, and the Auto-Post made is cancelled, so no other spec sees this spec's data.

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
