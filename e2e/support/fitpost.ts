import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const demoPassword = 'fitpost';
/** The sandbox the end-to-end server runs beside (playwright.config.ts). */
export const sandbox = `http://127.0.0.1:${process.env.E2E_SANDBOX_PORT ?? 4100}`;

/** Marks the product tour as seen, so its overlay does not cover the page (the tour has its own test). */
export async function skipTour(page: Page) {
  await page.addInitScript(() => localStorage.setItem('tutorial', 'true'));
}

/**
 * Opens the announcements' 30-day window in this page's browser, as for a member who has already
 * seen them: e2e/13 leaves active announcements, and their dialog would cover a later spec's page
 * (clicks then wait behind its mask until the test's limit). The cookie is the contract's
 * `announcementClient.cookieName`, its value the window's end.
 */
export async function skipAnnouncements(page: Page) {
  await page.addInitScript(() => {
    if (!document.cookie.includes('fitpost_announcement=')) {
      document.cookie = `fitpost_announcement=${Date.now() + 30 * 86_400_000}; Path=/; SameSite=Lax`;
    }
  });
}

/** The signed-in sidebar (or drawer) navigation. */
export const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** Goes through FitPost's front door to the organisation's sign-in page and signs in. */
export async function signIn(page: Page, email: string) {
  await page.goto('/');
  // The front door redirects through the sandbox SSO's interaction page: two hops and a render,
  // which take more than the default wait when the machine is shared.
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(demoPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Where each member's signed-in session is kept for the rest of the run: inside the stack's data
 * directory (E2E_DATA_DIR, set by the Playwright config), which the stack's start wipes, so a session never outlives the
 * database that issued it.
 */
const sessionDir = path.join(process.env.E2E_DATA_DIR ?? '.tmp/e2e-data', 'browser-sessions');
const sessionFile = (email: string) => path.join(sessionDir, `${email.toLowerCase()}.json`);

/**
 * Signs in and waits for the signed-in app: the welcome screen on a first sign-in, else the dashboard.
 * A member signs in through the provider once per run; later calls put the session that sign-in
 * stored back into this browser (the app's `user` record) and open the app, as a returning member
 * would. `fresh` always goes through the provider and keeps that session to itself: for a test that
 * signs out or revokes it.
 */
export async function signInToApp(page: Page, email: string, { fresh = false }: { fresh?: boolean } = {}) {
  if (!fresh && existsSync(sessionFile(email))) {
    const stored = readFileSync(sessionFile(email), 'utf8');
    // Once per page, before the app's scripts: later navigations (a sign-out) are the page's own.
    await page.addInitScript((user) => {
      if (sessionStorage.getItem('e2e-session-restored')) return;
      sessionStorage.setItem('e2e-session-restored', '1');
      localStorage.setItem('user', user);
    }, stored);
    await page.goto('/');
    await expect(page).toHaveURL(/\/app\/(dashboard|settings\/welcome)$/, { timeout: 30_000 });
    return;
  }
  await signIn(page, email);
  // The code exchange, the first sign-in's member record and the app's first render: more than the
  // default wait when the machine is shared.
  await expect(page).toHaveURL(/\/app\/(dashboard|settings\/welcome)$/, { timeout: 30_000 });
  if (fresh) return;
  const user = await page.evaluate(() => localStorage.getItem('user'));
  if (!user) throw new Error(`${email} signed in but the app stored no session`);
  mkdirSync(sessionDir, { recursive: true });
  writeFileSync(sessionFile(email), user);
}

/** The stored user-info record, decoded as the web app stores it. */
export async function storedUser(
  page: Page,
): Promise<{ id: string; token: string; fullName: string } | null> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('user');
    if (!raw) return null;
    const bytes = Uint8Array.from(atob(raw), (c) => c.charCodeAt(0));
    return JSON.parse(new TextDecoder().decode(bytes)) as { id: string; token: string; fullName: string };
  });
}

/**
 * axe on the current page: no serious or critical violation. In one pass inside the page (legacy
 * mode: the app has no cross-origin frames, so axe's default per-frame run and its merge in a second,
 * blank page only add time), reporting violations only (collecting every passing node is most of a
 * run's work on a large page).
 */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page })
    .setLegacyMode()
    .options({ resultTypes: ['violations'] })
    .analyze();
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(bad, `axe violations on ${page.url()}`).toEqual([]);
}

/** The signed-in member's API headers, from the session the web app stored. */
export async function authHeaders(page: Page) {
  const user = await storedUser(page);
  return { authorization: `Bearer ${user?.token}` };
}

export interface Connection {
  id: string;
  network: string;
  accountId: string;
  status: string;
}

/** The signed-in member's social connections, read through the API. */
export async function connections(page: Page): Promise<Connection[]> {
  const res = await page.request.get('/api/social/connections', { headers: await authHeaders(page) });
  return (await res.json()) as Connection[];
}

/**
 * The signed-in member's connected account on `network` (a given sandbox account, or the consent
 * page's default), connected through the sandbox's consent page if need be.
 */
export async function ensureConnected(
  page: Page,
  network: 'x' | 'linkedin',
  accountId?: string,
): Promise<Connection> {
  const find = async () =>
    (await connections(page)).find(
      (c) => c.network === network && c.status === 'connected' && (!accountId || c.accountId === accountId),
    );
  const existing = await find();
  if (existing) return existing;
  await page.goto('/app/settings?tab=social-platforms');
  await page.getByRole('button', { name: 'Add New Connection' }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose a Network to Connect' });
  if (network === 'x') {
    await dialog.getByRole('button', { name: 'X', exact: true }).click();
    if (accountId) await page.getByRole('combobox', { name: 'Account' }).selectOption(accountId);
    await page.getByRole('button', { name: 'Authorize app' }).click();
    // The consent page returns to FitPost's callback, which starts the app, exchanges the grant and
    // moves on: a fresh app start, slower than the default wait on a shared machine (as at sign-in).
    await expect(page).toHaveURL(/\/app\/settings/, { timeout: 30_000 });
  } else {
    const popup = page.waitForEvent('popup');
    await dialog.getByRole('button', { name: 'LinkedIn' }).click();
    const consent = await popup;
    if (accountId) await consent.getByRole('combobox', { name: 'Account' }).selectOption(accountId);
    await consent.getByRole('button', { name: 'Allow' }).click();
  }
  await expect.poll(async () => (await find()) !== undefined, { timeout: 15_000 }).toBe(true);
  const connected = await find();
  if (!connected) throw new Error(`${network} did not connect`);
  return connected;
}

/** `YYYY-MM-DD` of an instant in `timeZone`. */
export function dayIn(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}

/**
 * A text a network received with each FitPost short link (`…/l/<code>`, issue 30) replaced by where
 * it leads, asked with HEAD (which FitPost does not count as a click).
 */
export async function followShortLinks(page: Page, text: string): Promise<string> {
  let followed = text;
  for (const [link] of text.matchAll(/https?:\/\/\S+?\/l\/[A-Za-z0-9]+(?=\s|$)/g)) {
    const res = await page.request.head(link, { maxRedirects: 0 });
    expect(res.status(), link).toBe(302);
    followed = followed.replace(link, res.headers().location ?? link);
  }
  return followed;
}

/** Nothing runs off the side of a phone-sized screen (the failure names what does). */
export async function expectNoSidewaysScroll(page: Page) {
  const { overflow, culprits } = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    // An element past the edge, its right margin included (a margin can widen the page too).
    const reach = (el: Element) =>
      el.getBoundingClientRect().right + (Number.parseFloat(getComputedStyle(el).marginRight) || 0);
    const culprits = [...document.querySelectorAll('body *')]
      .filter((el) => reach(el) > width + 0.5)
      .slice(-5)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} → ${Math.round(reach(el))}`);
    return { overflow: document.documentElement.scrollWidth - width, culprits };
  });
  expect(overflow, `sideways scrolling on ${page.url()}: ${culprits.join('; ')}`).toBeLessThanOrEqual(0);
}
