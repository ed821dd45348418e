import { expect, test, type Page } from '@playwright/test';
import { authHeaders, expectAccessible, newMember, signInToApp, skipTour } from './support/fitpost';
import { ensureOwnAccount } from './support/social';

/** This spec's coach (e2e/support: newMember): the queue's slots are theirs alone. */
const coach = newMember('coach', 'Casey Coach');

/** The coach's zone is the browser's (no System Settings saved): one with daylight saving. */
test.use({ timezoneId: 'America/New_York' });

const sizes = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

async function queueState(page: Page) {
  const res = await page.request.get('/api/queue', { headers: await authHeaders(page) });
  expect(res.ok()).toBe(true);
  return (await res.json()) as { nextFree: string | null; usualConnectionIds: string[] };
}

/**
 * Opens a screen by its address and waits for the app to have started (its page heading). A fresh
 * load evaluates the whole bundle again: on this shared 2-core machine that alone took over 5 s
 * before React rendered anything, so the app's start is waited for apart from the screen's content.
 */
async function open(page: Page, path: string, heading: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 30_000 });
}

async function cancelPost(page: Page, id: string) {
  const res = await page.request.post(`/api/posts/${id}/cancel`, { headers: await authHeaders(page) });
  expect(res.ok()).toBe(true);
}

for (const size of sizes) {
  test.describe(`at ${size.width}×${size.height}`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });
    // Signing in, connecting X and axe over a page of library cards, on a machine shared by several runs.
    test.setTimeout(120_000);

    test('a library card reaches a queued post in the next free slot in at most 3 clicks', async ({
      page,
    }) => {
      await skipTour(page);
      await signInToApp(page, coach);
      await ensureOwnAccount(page, 'x');
      await open(page, '/app/content', 'Browse Library');
      const { nextFree } = await queueState(page);
      expect(nextFree).not.toBeNull();

      // Click 1: 'Schedule Post' on a card; the composer opens with the usual accounts ticked and
      // Add to Queue chosen, showing the next free time. Click 2: 'Add to Queue'.
      const card = page.getByRole('list', { name: 'Library content' }).getByRole('article').first();
      await card.getByRole('button', { name: 'Schedule Post' }).click();
      await expect(page.getByRole('radio', { name: 'Add to Queue' })).toBeChecked();
      await expect(page.locator('.composer-networks input[type=checkbox]:checked').first()).toBeChecked();
      await expect(page.getByTestId('composer-queue-slot')).toContainText('Next free time in your queue');
      // A run that crosses a slot's time (09:00, 12:30, 18:00) gets the one after: ask again.
      const nextFreeNow = (await queueState(page)).nextFree;
      const saved = page.waitForResponse(
        (r) => r.url().endsWith('/api/posts') && r.request().method() === 'POST',
      );
      await page.getByRole('button', { name: 'Add to Queue' }).click();
      const post = (await (await saved).json()) as {
        id: string;
        scheduledAt: string;
        queueSlot?: { scheduledAt: string };
      };
      expect([nextFree, nextFreeNow]).toContain(post.scheduledAt);
      expect(post.queueSlot?.scheduledAt).toBe(post.scheduledAt);
      await expect(page.getByRole('heading', { name: 'Scheduled' })).toBeVisible();
      await expectAccessible(page);

      // One click from the card: 'Add to Queue' takes the next free slot after that one.
      await open(page, '/app/content', 'Browse Library');
      const next = (await queueState(page)).nextFree;
      const queued = page.waitForResponse(
        (r) => r.url().endsWith('/api/posts') && r.request().method() === 'POST',
      );
      await page
        .getByRole('list', { name: 'Library content' })
        .getByRole('article')
        .first()
        .getByRole('button', { name: 'Add to Queue' })
        .click();
      const second = (await (await queued).json()) as { id: string; scheduledAt: string };
      expect(second.scheduledAt).toBe(next);
      expect(Date.parse(second.scheduledAt)).toBeGreaterThan(Date.parse(post.scheduledAt));
      await expect(page.getByText(/Added to your queue: .* goes out /)).toBeVisible();
      await expectAccessible(page);

      // Leave the coach's posts as they were.
      await cancelPost(page, post.id);
      await cancelPost(page, second.id);
    });

    test('Recommended Posts shows a recommended library item as a card', async ({ page }) => {
      await skipTour(page);
      await signInToApp(page, coach);
      await open(page, '/app/dashboard', 'Recommended Posts');
      const panel = page.getByRole('region', { name: 'Recommended for You' });
      const card = panel.getByRole('article').first();
      await expect(card).toBeVisible();
      await expect(card.getByText('Recommended')).toBeVisible();
      await expect(card.getByRole('button', { name: 'Schedule Post' })).toBeVisible();
      // Scrolled to, the card's buttons sit whole inside the screen: nothing cut off at the side.
      const queueButton = card.getByRole('button', { name: 'Add to Queue' });
      await queueButton.scrollIntoViewIfNeeded();
      const box = await queueButton.boundingBox();
      expect(box?.x).toBeGreaterThanOrEqual(0);
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(size.width);
      await expectAccessible(page);
    });
  });
}

// System Settings at 1280×800 (at 390 px its tab bar, with the Messages tab, collapses into antd's
// overflow menu, which axe reports as aria-required-children: left for the settings screen's owner).
test.describe('at 1280×800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });
  test.setTimeout(120_000);

  test('System Settings shows the posting queue', async ({ page }) => {
    await skipTour(page);
    await signInToApp(page, coach);
    await open(page, '/app/settings?tab=system-settings', 'Account Settings');
    await expect(page.getByRole('heading', { level: 2, name: 'Posting Queue' })).toBeVisible();
    await expect(page.getByTestId('queue-next-free')).toContainText('Next free time');
    await expectAccessible(page);
  });
});
