import { expect, test, type Page } from '@playwright/test';
import { signInToApp, skipAnnouncements, skipTour, storedUser } from './support/fitpost';

declare global {
  interface Window {
    /** What the first frame in which the app drew anything showed (set by `recordFirstFrame`). */
    firstFrame?: { text: string; accountMenu: string | null };
  }
}

/**
 * Before the page's own scripts, watches every animation frame until the app has put anything in
 * its root, and keeps that frame's text and the account menu's name. A frame's animation callbacks
 * run right before the browser paints it, so this is what the first paint of the app shows.
 */
async function recordFirstFrame(page: Page) {
  await page.addInitScript(() => {
    const look = () => {
      const root = document.getElementById('root');
      if (root && root.childElementCount > 0) {
        window.firstFrame = {
          text: root.innerText,
          accountMenu:
            root.querySelector('[aria-label^="Account menu for "]')?.getAttribute('aria-label') ?? null,
        };
        return;
      }
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
}

for (const { device, width, height } of [
  { device: 'a 1280 px screen', width: 1280, height: 800 },
  { device: 'a 390 px phone', width: 390, height: 844 },
]) {
  test(`on ${device}, the signed-in dashboard's first paint already shows the page title and the member's name (no spinner before the shell)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    await skipTour(page);
    await skipAnnouncements(page);
    await signInToApp(page, 'coach@example.com');
    const name = (await storedUser(page))?.fullName ?? '';
    expect(name).not.toBe('');

    await recordFirstFrame(page);
    await page.goto('/app/dashboard');
    const first = await (await page.waitForFunction(() => window.firstFrame)).jsonValue();
    if (!first) throw new Error('The app drew no frame');

    expect(first.text).toContain('Recommended Posts');
    expect(first.accountMenu).toBe(`Account menu for ${name}`);
    // On a wide screen the name is written beside the avatar; a phone's top bar has room only for
    // the avatar (its initials), and the name is the menu's accessible name.
    if (width >= 992) expect(first.text).toContain(name);
    // The first frame is the shell, not a loading spinner drawn before it.
    expect(first.text).not.toMatch(/^Loading…$/);
    await expect(page.getByRole('heading', { name: 'Recommended Posts', level: 1 })).toBeVisible();
  });
}
