import { expect, test, type Page, type Route } from '@playwright/test';
import { expectAccessible, mainNav, newMember, signInToApp, skipTour } from './support/fitpost';

/** This spec's coach (e2e/support: newMember). */
const coach = newMember('coach', 'Casey Coach');

/** Requests matching `pattern` wait until `release()`; returns that function. */
async function hold(page: Page, pattern: RegExp) {
  const held: Route[] = [];
  let released = false;
  await page.route(pattern, (route) => {
    if (released) void route.continue();
    else held.push(route);
  });
  return async () => {
    released = true;
    await Promise.all(held.map((route) => route.continue()));
  };
}

test.describe('on a slow network', () => {
  // The calendar's code and data are held in the test; a service worker would answer them instead.
  test.use({ serviceWorkers: 'block' });

  test("a screen's title and skeleton come at once, before its code and its data", async ({ page }) => {
    await skipTour(page);
    // Through the provider (fresh): these tests follow the service worker from a sign-in that began
    // outside its scope, as a member's first visit does.
    await signInToApp(page, coach, { fresh: true });
    await page.goto('/app/dashboard');
    await expect(page.getByRole('heading', { name: 'Recommended Posts', level: 1 })).toBeVisible();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 400,
      downloadThroughput: 50_000,
      uploadThroughput: 20_000,
    });
    const releaseCode = await hold(page, /\/assets\/calendar-[^/]+\.js$/);
    const releaseData = await hold(page, /\/api\/posts\/calendar/);

    await mainNav(page).getByRole('link', { name: 'Calendar' }).click();
    await expect(page).toHaveURL(/\/app\/calendar$/);
    await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Loading…' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Recommended Posts', level: 1 })).toHaveCount(0);

    // The code arrives: the calendar draws its own frame while its posts are still on the way.
    await releaseCode();
    await expect(page.getByRole('button', { name: 'Today' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible();
    await releaseData();
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
  });
});

/**
 * Opens the dashboard and waits until the service worker controls it (it claims the app's pages once
 * installed; the page signing-in began on, /oauth, is outside its scope).
 */
async function offlineReady(page: Page) {
  await page.goto('/app/dashboard');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((resolve) =>
      navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
    );
  });
}

test('offline, the app stays and says so; a screen not yet on this device says it needs a connection', async ({
  page,
  context,
}) => {
  await skipTour(page);
  // Through the provider (fresh): these tests follow the service worker from a sign-in that began
  // outside its scope, as a member's first visit does.
  await signInToApp(page, coach, { fresh: true });
  await offlineReady(page);
  const nav = mainNav(page);
  await nav.getByRole('link', { name: 'Calendar' }).click();
  await expect(page.getByRole('button', { name: 'Today' })).toBeVisible();
  await nav.getByRole('link', { name: 'Recommended Posts' }).click();
  await expect(page.getByRole('heading', { name: 'Recommended Posts', level: 1 })).toBeVisible();

  await context.setOffline(true);
  const offline = page.getByRole('status').filter({ hasText: "You're offline." });
  await expect(offline).toBeVisible();
  await nav.getByRole('link', { name: 'Calendar' }).click();
  await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible();
  await expect(offline).toBeVisible();

  // A full navigation without a network: the service worker's copy of the app, not the browser's error.
  await page.goto('/app/calendar');
  await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Today' })).toBeVisible();
  await expect(offline).toBeVisible();
  await expectAccessible(page);

  // My Results was never opened here: its code is not on this device.
  await mainNav(page).getByRole('link', { name: 'My Results' }).click();
  await expect(page.getByRole('heading', { name: 'My Results', level: 1 })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('has not been opened on this device yet');

  await context.setOffline(false);
  await expect(offline).toHaveCount(0);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'My Results', level: 1 })).toBeVisible();
});

test('a post being written survives going offline and a reload', async ({ page, context }) => {
  await skipTour(page);
  // Through the provider (fresh): these tests follow the service worker from a sign-in that began
  // outside its scope, as a member's first visit does.
  await signInToApp(page, coach, { fresh: true });
  await offlineReady(page);
  await mainNav(page).getByRole('link', { name: 'Create New' }).click();
  const body = `Offline draft ${Date.now()}: tempo squats 3×8`;
  await page.getByLabel('Post text').fill(body);
  await expect
    .poll(() =>
      page.evaluate(() =>
        Object.keys(localStorage).some((key) => key.startsWith('fitpost.composer.') && key.endsWith('.new')),
      ),
    )
    .toBe(true);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: "You're offline." })).toBeVisible();
  await expect(page.getByText('We restored the post you were writing.')).toBeVisible();
  await expect(page.getByLabel('Post text')).toHaveValue(body);

  // Back online, starting over forgets it.
  await context.setOffline(false);
  await page.getByRole('button', { name: 'Start over' }).click();
  await expect(page.getByLabel('Post text')).toHaveValue('');
  await expect
    .poll(() =>
      page.evaluate(() => Object.keys(localStorage).some((key) => key.startsWith('fitpost.composer.'))),
    )
    .toBe(false);
});
