import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const demoPassword = 'fitpost';

/** Marks the product tour as seen, so its overlay does not cover the page (the tour has its own test). */
export async function skipTour(page: Page) {
  await page.addInitScript(() => localStorage.setItem('tutorial', 'true'));
}

/** The signed-in sidebar (or drawer) navigation. */
export const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** Goes through FitPost's front door to the organisation's sign-in page and signs in. */
export async function signIn(page: Page, email: string) {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(demoPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in and waits for the signed-in app: the welcome screen on a first sign-in, else the dashboard. */
export async function signInToApp(page: Page, email: string) {
  await signIn(page, email);
  await expect(page).toHaveURL(/\/app\/(dashboard|settings\/welcome)$/);
}

/** The stored user-info record, decoded as the web app stores it. */
export async function storedUser(page: Page): Promise<{ id: string; token: string } | null> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('user');
    if (!raw) return null;
    const bytes = Uint8Array.from(atob(raw), (c) => c.charCodeAt(0));
    return JSON.parse(new TextDecoder().decode(bytes)) as { id: string; token: string };
  });
}

/** axe on the current page: no serious or critical violation. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(bad, `axe violations on ${page.url()}`).toEqual([]);
}
