import { expect, test } from '@playwright/test';
import { expectAccessible, newMember, signIn, signInToApp, skipTour, storedUser } from './support/fitpost';

/** This spec's members (e2e/support: newMember): a coach whose very first sign-in is here, and a lapsed one. */
const coach = newMember('coach', 'Casey Coach');
const lapsed = newMember('lapsed', 'Lee Lapsed', { fitpost: false });

test('a coach signs in for the first time, gets the welcome screen, then later lands on the dashboard', async ({
  page,
}) => {
  await signIn(page, coach);
  await expect(page).toHaveURL(/\/app\/settings\/welcome$/);
  await expect(page.getByRole('heading', { name: 'Welcome to FitPost' })).toBeVisible();
  await expect(page.getByText("Let's Get Started!")).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Start Using' }).click();
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Recommended Posts', level: 1 })).toBeVisible();

  // Opening /app/logout (a link any page could hold) signs nobody out: it asks.
  await page.goto('/app/logout');
  await expect(page.getByText('Sign out of FitPost on this device?')).toBeVisible();
  expect((await storedUser(page))?.token).toMatch(/^fp_/);
  await expectAccessible(page);

  // Sign out ends FitPost's session and the organisation's (RP-initiated logout), then comes back.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/app\/logout$/);
  await expect(page.getByText("You're signed out.")).toBeVisible();
  expect(await storedUser(page)).toBeNull();

  // The provider forgot the member too: signing in asks for the password again, and FitPost no
  // longer treats them as new.
  await signIn(page, coach);
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  expect((await storedUser(page))?.token).toMatch(/^fp_/);
});

test('a sign-in callback URL opened in another browser signs nobody in (login CSRF)', async ({
  page,
  browser,
}) => {
  // The attacker signs in as themselves but stops at the callback URL, code unspent.
  const isCallback = (url: URL) => url.pathname === '/oauth';
  await page.route(isCallback, (route) => route.abort());
  const callback = page.waitForRequest((r) => isCallback(new URL(r.url())));
  await signIn(page, 'coach@other.example.com');
  const url = (await callback).url();

  // The victim's browser opens it: FitPost refuses, nobody is signed in.
  const victim = await browser.newContext();
  const victimPage = await victim.newPage();
  await victimPage.goto(url);
  await expect(victimPage.getByRole('heading', { name: "You don't have access" })).toBeVisible();
  await expect(victimPage.getByText(/^Reason: .*expired or was already used/)).toBeVisible();
  expect(await storedUser(victimPage)).toBeNull();
  await victim.close();
});

test('a member whose membership lacks FitPost sees the no-access screen with the reason', async ({
  page,
}) => {
  await signIn(page, lapsed);
  await expect(page).toHaveURL(/\/oauth\?/);
  await expect(page.getByRole('heading', { name: "You don't have access" })).toBeVisible();
  await expect(page.getByText(/^Reason: .*does not include FitPost/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Email Customer Service' })).toHaveAttribute(
    'href',
    /^mailto:/,
  );
  await expect(page.getByRole('button', { name: 'Login Again' })).toBeVisible();
  expect(await storedUser(page)).toBeNull();
  await expectAccessible(page);
});

test('an already signed-in member visiting /thirdpartysignin is told so', async ({ page }) => {
  await skipTour(page);
  await signInToApp(page, coach);
  await page.goto('/thirdpartysignin');
  await expect(page.getByText("You're already signed in.")).toBeVisible();
  await page.getByRole('button', { name: 'Go Home' }).click();
  await expect(page).toHaveURL(/\/app\/dashboard$/);
});

test('a revoked session makes the next call 401 and the app returns to sign-in', async ({
  page,
  context,
}) => {
  await skipTour(page);
  await signInToApp(page, coach, { fresh: true });
  const user = await storedUser(page);
  expect(user).not.toBeNull();
  // Forget the provider's own session first, so returning to sign-in shows its form.
  await context.clearCookies();
  // Whichever of the app's calls goes first (a background refetch, or after the reload the user,
  // the dashboard's posts and Auto-Posts) gets the 401 that sends the browser back to sign-in.
  const unauthorized = page.waitForResponse((r) => r.url().includes('/api/') && r.status() === 401);
  const revoke = await page.request.post('/api/auth/logout', {
    headers: { authorization: `Bearer ${user?.token}` },
  });
  expect(revoke.status()).toBe(200);
  // The reload races the app's own background calls: when one of them meets the 401 first, the app
  // is already leaving for sign-in, and the reload is aborted, interrupted, or loses its page when
  // the browser swaps to the provider's origin. Only those may stop it; either way sign-in follows.
  await page
    .reload()
    .catch((error: unknown) =>
      expect(String(error)).toMatch(
        /ERR_ABORTED|Not attached to an active page|frame was detached|interrupted by another navigation/,
      ),
    );
  await unauthorized;
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(await storedUser(page)).toBeNull();
});
