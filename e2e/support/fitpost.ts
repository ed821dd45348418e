import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
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

// ---- Each spec's own members ---------------------------------------------------------------
// Specs run side by side on two workers against one stack (playwright.config.ts), so a spec never
// shares a member with another: it makes its own with newMember(), in the organisation's portal 1
// (beside the demo content and the demo admin) or, where it counts something portal-wide, in a
// portal of its own with an admin of its own (newPortal()). docs/testing.md says how to write one.

/** A member of the organisation as the sandbox's identity provider knows them. */
export interface Member {
  email: string;
  name: string;
  portalId: number;
}

interface MemberOptions {
  /** The portal (FitPost tenant): 1, the demo's, unless the spec has one of its own. */
  portalId?: number;
  /** Whether their membership includes FitPost (false: a lapsed member, refused at sign-in). */
  fitpost?: boolean;
  accountType?: string;
  /** The email their ID token gives, verified (the bootstrap admin's, for a portal's own admin). */
  idTokenEmail?: string;
}

/** Members made in this worker, not yet added to the sandbox (signIn adds them first). */
const unregistered = new Map<string, MemberOptions & { name: string }>();

/** A run-unique word (base 36 time and 4 random bytes): tells this spec's rows from any other's. */
export function uniqueToken(): string {
  return `${Date.now().toString(36)}${randomBytes(4).toString('hex')}`;
}

/**
 * A member no other spec (nor another run of this one) has: `<who>-<token>@e2e.example.com`, named
 * `name` and the token's last 6 characters (so two specs' members never share a name in the
 * admin's lists). The sandbox learns of them at their first sign-in (signIn, signInToApp).
 */
export function newMember(who: string, name: string, options: MemberOptions = {}): Member {
  const token = uniqueToken();
  const member = {
    email: `${who}-${token}@e2e.example.com`,
    name: `${name} ${token.slice(-6)}`,
    portalId: options.portalId ?? 1,
  };
  unregistered.set(member.email, { ...options, name: member.name });
  return member;
}

/**
 * A portal (organisation tenant) of the spec's own, for a spec that counts portal-wide figures
 * (members an Auto-Post reached): its id, and its admin, who is the bootstrap admin
 * (admin@example.com in the ID token) heading it from a second account.
 */
export function newPortal(): { portalId: number; admin: Member } {
  const portalId = 100_000 + Math.floor(Math.random() * 1_000_000_000);
  return {
    portalId,
    admin: newMember('admin', 'Alex Admin', { portalId, idTokenEmail: 'admin@example.com' }),
  };
}

/** Adds a member made by newMember to the sandbox's identity provider, once. */
async function register(email: string) {
  const options = unregistered.get(email);
  if (!options) return;
  const res = await fetch(`${sandbox}/_sandbox/members`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, portalId: 1, ...options }),
  });
  if (res.status !== 201) throw new Error(`The sandbox did not add ${email}: ${await res.text()}`);
  unregistered.delete(email);
}

/** Who signs in: a demo member's email or a member made by newMember. */
type Who = string | Member;
const emailOf = (who: Who) => (typeof who === 'string' ? who : who.email);

/**
 * Goes through FitPost's front door to the organisation's sign-in page and signs in. The
 * announcements other specs leave active are marked seen (their dialog would cover the page), unless
 * the spec is about them (`announcements: true`).
 */
export async function signIn(page: Page, who: Who, { announcements = false } = {}) {
  const email = emailOf(who);
  await register(email);
  if (!announcements) await skipAnnouncements(page);
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
export async function signInToApp(
  page: Page,
  who: Who,
  { fresh = false, announcements = false }: { fresh?: boolean; announcements?: boolean } = {},
) {
  const email = emailOf(who);
  if (!fresh && existsSync(sessionFile(email))) {
    if (!announcements) await skipAnnouncements(page);
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
  await signIn(page, email, { announcements });
  // The code exchange, the first sign-in's member record and the app's first render: more than the
  // default wait when the machine is shared.
  await expect(page).toHaveURL(/\/app\/(dashboard|settings\/welcome)$/, { timeout: 30_000 });
  if (fresh) return;
  const user = await page.evaluate(() => localStorage.getItem('user'));
  if (!user) throw new Error(`${email} signed in but the app stored no session`);
  mkdirSync(sessionDir, { recursive: true });
  // Whole or not at all: another worker may read it while this one writes.
  const partial = `${sessionFile(email)}.${process.pid}`;
  writeFileSync(partial, user);
  renameSync(partial, sessionFile(email));
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
