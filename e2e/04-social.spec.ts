import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, newMember, signInToApp, skipTour, storedUser } from './support/fitpost';

/**
 * This spec's coach (e2e/support: newMember), with no account connected yet. The consent pages offer
 * the sandbox's demo accounts, the coach's first (Casey Coach's): other specs connect accounts of
 * their own (connectNewAccount), so none of them posts to these or sees them revoked.
 */
const coach = newMember('coach', 'Casey Coach');

/** The member's connections, read through the API with the browser's own session. */
async function connectionCount(page: Page) {
  const user = await storedUser(page);
  const res = await page.request.get('/api/social/connections', {
    headers: { authorization: `Bearer ${user?.token}` },
  });
  return ((await res.json()) as unknown[]).length;
}

async function openAddConnection(page: Page) {
  await page.getByRole('button', { name: 'Add New Connection' }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose a Network to Connect' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/**
 * Does `action` and returns the popup it opens. If none opens, fails with what the page says (an
 * error such as a blocked popup shows there), so a CI log tells why without the trace.
 */
async function popupFrom(page: Page, action: () => Promise<void>): Promise<Page> {
  const popup = page.waitForEvent('popup', { timeout: 30_000 });
  await action();
  try {
    return await popup;
  } catch (error) {
    const shown = await page
      .locator('main')
      .innerText({ timeout: 5_000 })
      .catch(() => '(unreadable)');
    throw new Error(`No popup opened. The page shows:\n${shown}`, { cause: error });
  }
}

test('the coach connects X, LinkedIn (popup), a Facebook Page and its Instagram through the consent pages', async ({
  page,
}) => {
  await skipTour(page);
  await signInToApp(page, coach);
  await page.goto('/app/settings?tab=social-platforms');
  await expect(page.getByText('No social accounts connected yet')).toBeVisible();

  // X: a full-page round trip through its authorize page and /validatetwitterauth.
  await (await openAddConnection(page)).getByRole('button', { name: 'X', exact: true }).click();
  await page.getByRole('button', { name: 'Authorize app' }).click();
  await expect(page).toHaveURL(/\/app\/settings/);
  await expect(page.getByRole('cell', { name: /casey_coach_fit/ })).toBeVisible();

  // LinkedIn: a 600×600 popup; the page learns the code from it.
  const popup = await popupFrom(page, async () => {
    await (await openAddConnection(page)).getByRole('button', { name: 'LinkedIn' }).click();
  });
  await popup.getByRole('button', { name: 'Allow' }).click();
  await expect(page.getByRole('row', { name: /^LinkedIn .*Casey Coach/ })).toBeVisible();

  // Facebook: the same popup, then a choice of Pages.
  const facebookPopup = await popupFrom(page, async () => {
    await (await openAddConnection(page)).getByRole('button', { name: 'Facebook Page' }).click();
  });
  await facebookPopup.getByRole('button', { name: 'Allow' }).click();
  const choice = page.getByRole('dialog', { name: /Choose accounts to add/ });
  await expect(choice).toBeVisible();
  await choice.getByRole('checkbox', { name: 'Casey Coach Fitness', exact: true }).check();
  await choice.getByRole('checkbox', { name: /^@casey_coach_fitness/ }).check();
  await choice.getByRole('button', { name: 'Add Selected' }).click();
  await expect(choice).toBeHidden();

  const table = page.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(5); // header + X + LinkedIn + the Page + its Instagram
  await expect(table.getByText('Casey Coach Fitness')).toBeVisible();
  await expectAccessible(page);

  // Still there after a reload: they are stored, not just shown.
  await page.reload();
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(5);
});

test('closing the LinkedIn popup says so, and cancelling there adds nothing', async ({ page }) => {
  await skipTour(page);
  await signInToApp(page, coach);
  await page.goto('/app/settings?tab=social-platforms');
  await expect(page.getByRole('button', { name: 'Add New Connection' })).toBeVisible();
  const before = await connectionCount(page);

  const closed = await popupFrom(page, async () => {
    await (await openAddConnection(page)).getByRole('button', { name: 'LinkedIn' }).click();
  });
  await closed.close();
  await expect(page.getByText('User closed the popup')).toBeVisible();

  const popup = await popupFrom(page, async () => {
    await (await openAddConnection(page)).getByRole('button', { name: 'LinkedIn' }).click();
  });
  const popupClosed = popup.waitForEvent('close'); // before the click: the window may close at once
  await popup.getByRole('button', { name: 'Cancel' }).click();
  await popupClosed;
  await expect(page.getByText('User closed the popup')).toBeHidden();
  expect(await connectionCount(page)).toBe(before);
});
