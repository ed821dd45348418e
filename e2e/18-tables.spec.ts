import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { authHeaders, newMember, signInToApp, skipTour } from './support/fitpost';
import { ensureOwnAccount } from './support/social';

/**
 * Every list table fits its card with its row actions in view at 1280×800, and reads as a list of
 * cards on a 390 px phone: each button's box lies inside the window and nothing scrolls sideways.
 */
const sizes = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

/** This spec's coach (e2e/support: newMember), with an X account and a post of their own; the demo admin. */
const coach = newMember('coach', 'Casey Coach');

const screens = {
  coach: ['/app/posts', '/app/settings?tab=social-platforms'],
  admin: [
    '/app/manage/users',
    '/app/manage/content',
    '/app/manage/feeds',
    '/app/manage/tags',
    '/app/manage/announcements',
  ],
} as const;

/** The buttons of every table row on the page, each with its box, and how wide the page scrolls. */
async function measure(page: Page) {
  return page.evaluate(() => ({
    innerWidth: window.innerWidth,
    scrollWidth: document.documentElement.scrollWidth,
    buttons: Array.from(
      document.querySelectorAll('.fit-table .ant-table-tbody button, .fit-table .ant-table-tbody a'),
    )
      .map((el) => {
        const box = el.getBoundingClientRect();
        return { name: el.textContent?.trim() ?? '', left: box.left, right: box.right, width: box.width };
      })
      .filter((b) => b.width > 0),
  }));
}

for (const size of sizes) {
  test.describe(`at ${size.width}×${size.height}`, () => {
    test.use({ viewport: size });

    for (const [who, paths] of Object.entries(screens)) {
      test(`the ${who}'s tables: every row's actions are inside the window`, async ({ page }) => {
        test.setTimeout(300_000);
        await skipTour(page);
        await signInToApp(page, who === 'coach' ? coach : 'admin@example.com');
        // The coach's tables need rows: their X account, and a post on it two days ahead (with its
        // row actions), cancelled after.
        let postId: string | null = null;
        if (who === 'coach') {
          const x = await ensureOwnAccount(page, 'x');
          const created = await page.request.post('/api/posts', {
            headers: await authHeaders(page),
            data: {
              body: 'Table check (e2e/18): tempo push-ups',
              connectionIds: [x.id],
              scheduledAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
              timeZone: 'UTC',
            },
          });
          expect(created.status()).toBe(201);
          postId = ((await created.json()) as { id: string }).id;
        }
        // The announcements table needs a row: an inactive one (no member ever sees it), removed after.
        let announcementId: string | null = null;
        if (who === 'admin') {
          const created = await page.request.post('/api/announcement', {
            headers: await authHeaders(page),
            data: { body: 'Table check (e2e/18)', isActive: false },
          });
          expect(created.status()).toBe(201);
          announcementId = ((await created.json()) as { id: string }).id;
        }
        try {
          await checkTables(page, paths);
        } finally {
          if (postId)
            await page.request.post(`/api/posts/${postId}/cancel`, { headers: await authHeaders(page) });
          if (announcementId)
            await page.request.delete(`/api/announcement/${announcementId}`, {
              headers: await authHeaders(page),
            });
        }
      });
    }

    test("the coach's tab bars (Settings, Schedule a Post, Messages) are axe-clean and fully in view", async ({
      page,
    }) => {
      test.setTimeout(180_000);
      await skipTour(page);
      await signInToApp(page, coach);
      for (const path of ['/app/settings', '/app/posts', '/app/settings/messages']) {
        await page.goto(path);
        const tabs = page.getByRole('tablist').first();
        await expect(tabs, path).toBeVisible({ timeout: 30_000 });
        // Every tab is on screen: none folded into a 'more' menu (which axe reported at 390 px).
        for (const tab of await tabs.getByRole('tab').all()) {
          const box = await tab.boundingBox();
          expect(box, `${path}: a tab has no box`).not.toBeNull();
          expect(box!.x, `${path}: a tab starts off-screen`).toBeGreaterThanOrEqual(0);
          expect(box!.x + box!.width, `${path}: a tab ends off-screen`).toBeLessThanOrEqual(size.width);
        }
        const axe = await new AxeBuilder({ page }).include('.page-tabs').analyze();
        const bad = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        expect(
          bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
          `axe on ${path}'s tabs`,
        ).toEqual([]);
      }
    });
  });
}

async function checkTables(page: Page, paths: readonly string[]) {
  for (const path of paths) {
    await page.goto(path);
    const table = page.locator('.fit-table').first();
    // The app's start after a full load (seconds on this shared machine), then the table's rows.
    await expect(table, path).toBeVisible({ timeout: 30_000 });
    await expect(table.locator('.ant-table-tbody > tr').first()).toBeVisible();
    await expect(table.locator('.ant-spin-spinning')).toHaveCount(0);
    const { innerWidth, scrollWidth, buttons } = await measure(page);
    expect(scrollWidth, `${path} scrolls sideways`).toBeLessThanOrEqual(innerWidth);
    for (const button of buttons) {
      expect(button.left, `${path}: ${button.name} starts off-screen`).toBeGreaterThanOrEqual(0);
      expect(button.right, `${path}: ${button.name} ends off-screen`).toBeLessThanOrEqual(innerWidth);
    }
    // axe on the tables (the part this spec is about); the tab bars have their own test below.
    const axe = await new AxeBuilder({ page }).include('.fit-table').analyze();
    const bad = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(
      bad.map((v) => v.id),
      `axe on ${path}`,
    ).toEqual([]);
  }
}
