import { expect, test } from '@playwright/test';
import { expectAccessible, signIn, signInToApp, skipTour, storedUser } from './support/fitpost';

test('a coach signs in for the first time, gets the welcome screen, then later lands on the dashboard', async ({
  page,
}) => {
  await signIn(page, 'coach@example.com');
  await expect(page).toHaveURL(/\/app\/settings\/welcome$/);
  await expect(page.getByRole('heading', { name: 'Welcome to FitPost' })).toBeVisible();
  await expect(page.getByText("Let's Get Started!")).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Start Using' }).click();
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Recommended Posts', level: 1 })).toBeVisible();

  await page.goto('/app/logout');
  await expect(page.getByText("You're signed out.")).toBeVisible();
  expect(await storedUser(page)).toBeNull();

  // Signing in again: the provider remembers the member, FitPost no longer treats them as new.
  await page.goto('/');
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  expect((await storedUser(page))?.token).toMatch(/^fp_/);
});

test('a member whose membership lacks FitPost sees the no-access screen with the reason', async ({
  page,
}) => {
  await signIn(page, 'lapsed@example.com');
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
  await signInToApp(page, 'coach@example.com');
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
  await signInToApp(page, 'coach@example.com');
  const user = await storedUser(page);
  expect(user).not.toBeNull();
  const revoke = await page.request.post('/api/auth/logout', {
    headers: { authorization: `Bearer ${user?.token}` },
  });
  expect(revoke.status()).toBe(204);

  // Forget the provider's own session too, so returning to sign-in shows its form.
  await context.clearCookies();
  // Whichever of the app's calls goes first (the user, the dashboard's posts and Auto-Posts) gets
  // the 401 that sends the browser back to sign-in.
  const unauthorized = page.waitForResponse((r) => r.url().includes('/api/') && r.status() === 401);
  await page.reload();
  await unauthorized;
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(await storedUser(page)).toBeNull();
});
