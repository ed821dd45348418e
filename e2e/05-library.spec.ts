import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  expectAccessible,
  mainNav,
  newMember,
  sandbox,
  signInToApp,
  skipTour,
  uniqueToken,
} from './support/fitpost';

/** This spec's coach (e2e/support: newMember): their favourites and feeds are theirs alone. */
const coach = newMember('coach', 'Casey Coach');

/** The sandbox the e2e stack runs (playwright.config.ts); it serves the demo content feeds. */

/**
 * Picks an option of the filter labelled `label`: a native select (Brand, Type), or the Tags list,
 * a button that opens a checkbox per tag (Escape closes it). Waits until the filter shows the choice.
 */
async function choose(page: Page, scope: Locator, label: string, option: string) {
  if (label === 'Tags') {
    const button = scope.getByRole('button', { name: /^Tags:/ });
    await button.click();
    await scope.getByRole('checkbox', { name: option, exact: true }).check();
    await page.keyboard.press('Escape');
    await expect(button).toHaveAccessibleName(new RegExp(`^Tags: .*${option}`));
    return;
  }
  const select = scope.getByRole('combobox', { name: label });
  await select.selectOption({ label: option });
  await expect(select.locator('option:checked')).toHaveText(option);
}

const libraryCards = (page: Page) => page.getByRole('list', { name: 'Library content' }).getByRole('article');

/** Every card shown passes `check`, once the new page has arrived; there is at least one. */
async function eachCard(page: Page, check: (card: Locator) => Promise<void>) {
  await expect(page.getByRole('list', { name: 'Library content' })).toHaveAttribute('aria-busy', 'false');
  await expect(libraryCards(page).first()).toBeVisible();
  for (const card of await libraryCards(page).all()) await check(card);
}

test('the coach searches the library, filters by brand and by tag, and finds a favourite in My Favorites', async ({
  page,
}) => {
  await skipTour(page);
  await signInToApp(page, coach);
  await mainNav(page).getByRole('link', { name: 'Browse Library' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Browse Library' })).toBeVisible();
  await expect(libraryCards(page).first()).toBeVisible();
  await expectAccessible(page);

  // Full-text search: "squat" also finds "squats".
  const search = page.getByRole('searchbox', { name: 'Search the library' });
  await search.fill('squat');
  await search.press('Enter');
  await expect(page.getByRole('article', { name: /squat/i }).first()).toBeVisible();
  await expect(page.getByRole('article', { name: /smoothie/i })).toHaveCount(0);

  // By brand: only that brand's cards.
  await page.getByRole('button', { name: 'Clear filters' }).click();
  const toolbar = page.getByRole('search', { name: 'Library' });
  await choose(page, toolbar, 'Brand', 'Fuel Right Nutrition');
  await eachCard(page, (card) => expect(card).toContainText('Fuel Right Nutrition'));

  // By tag (searchable tags only): every card carries it. The filter survives a reload while the
  // member stays on the library (spec §2: the stored 'filter').
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await choose(page, toolbar, 'Tags', 'Mobility');
  await eachCard(page, (card) => expect(card.getByRole('list', { name: 'Tags' })).toContainText('Mobility'));
  await page.reload();
  // The tag filter's own text (the toolbar's brand list holds a brand named 'Flow & Mobility').
  await expect(toolbar.getByRole('button', { name: /^Tags:/ })).toContainText('Mobility');
  await eachCard(page, (card) => expect(card.getByRole('list', { name: 'Tags' })).toContainText('Mobility'));

  // Favourite the first card, then find it in My Favorites.
  const card = libraryCards(page).first();
  const title = (await card.getByRole('heading', { level: 3 }).textContent()) ?? '';
  expect(title).not.toBe('');
  const heart = card.getByRole('button', { name: `Favorite ${title}` });
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');

  await mainNav(page).getByRole('link', { name: 'My Favorites' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Favorites' })).toBeVisible();
  const saved = page.getByRole('article', { name: title });
  await expect(saved).toBeVisible();
  await expect(saved.getByRole('button', { name: `Favorite ${title}` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expectAccessible(page);
  // Leaving the library cleared its filter: it opens unfiltered.
  expect(await page.evaluate(() => localStorage.getItem('filter'))).toBeNull();
  await mainNav(page).getByRole('link', { name: 'Browse Library' }).click();
  await expect(page.getByRole('button', { name: 'Clear filters' })).toHaveCount(0);

  // 'Schedule Post' opens the composer with the item.
  await libraryCards(page).first().getByRole('button', { name: 'Schedule Post' }).click();
  await expect(page).toHaveURL(/\/app\/posts\/post\?contentId=[0-9a-f-]{36}$/);

  // Brands: 'View Content' opens the library filtered to the brand.
  await page.goto('/app/brands');
  const brand = page.getByRole('article', { name: 'Cardio Club' });
  await expect(brand).toBeVisible();
  await expectAccessible(page);
  await brand.getByRole('button', { name: 'View Content' }).click();
  await expect(page).toHaveURL(/\/app\/content$/);
  await eachCard(page, (item) => expect(item).toContainText('Cardio Club'));
});

test("the coach adds a content feed in Settings and sees its items after 'Refresh Feed Data'", async ({
  page,
}) => {
  await skipTour(page);
  await signInToApp(page, coach);
  await page.goto('/app/settings?tab=content-feeds');
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByRole('heading', { level: 2, name: 'Content Feeds' })).toBeVisible();
  // The organisation's feeds, read-only.
  await expect(panel.getByRole('table', { name: 'Feeds from your organization' })).toContainText(
    'FitPro Strength Coaching',
  );

  await panel.getByRole('button', { name: 'Add Feed' }).click();
  const modal = page.getByRole('dialog', { name: 'Add Feed' });
  await modal.getByLabel('Name').fill('Recovery Lab');
  await modal.getByLabel('Feed address').fill(`${sandbox}/feeds/recovery.json`);
  await modal.getByRole('button', { name: 'Add Feed' }).click();
  await expect(modal).toBeHidden();
  const mine = panel.getByRole('table', { name: 'My feeds' });
  // 'Not fetched yet' until the worker (every minute, new feeds first) or the button fetches it.
  await expect(mine.getByRole('row', { name: /Recovery Lab/ })).toContainText(
    /Not fetched yet|OK|Up to date/,
  );

  await panel.getByRole('button', { name: 'Refresh Feed Data' }).click();
  const result = panel.getByRole('alert').filter({ hasText: /new items? from \d+ feeds?/ });
  await expect(result).toBeVisible({ timeout: 30_000 });
  // The worker also fetches a new feed within a minute; if it got there first, nothing is new now.
  await expect(result).toContainText(/Recovery Lab: (\d+ new items|no change since the last fetch)/);
  await expect(mine.getByRole('row', { name: /Recovery Lab/ })).toContainText(/OK|Up to date/);
  await expectAccessible(page);

  // Its items are now in the coach's library.
  await mainNav(page).getByRole('link', { name: 'Browse Library' }).click();
  await choose(page, page.getByRole('search', { name: 'Library' }), 'Type', 'From feeds');
  const search = page.getByRole('searchbox', { name: 'Search the library' });
  await search.fill('foam rolling');
  await search.press('Enter');
  const item = page.getByRole('article', { name: 'Foam rolling: what the research says' });
  await expect(item).toBeVisible();
  await expect(item).toContainText('From Recovery Lab');
});

test('the admin adds a tag, toggles searchable and deletes two with Select All', async ({ page }) => {
  await skipTour(page);
  await signInToApp(page, 'admin@example.com');
  await mainNav(page).getByRole('link', { name: 'Tags', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tags' })).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Tags' }).getByRole('row', { name: /Evergreen/ }),
  ).toContainText('Not searchable');
  await expectAccessible(page);

  // The organisation's tags are shared by every spec: this run's own are named with a word of its own.
  const run = `E2E ${uniqueToken()}`;
  const [sandbagsTag, sledTag] = [`${run} Sandbags`, `${run} Sled Pushes`];
  for (const name of [sandbagsTag, sledTag]) {
    await page.getByRole('button', { name: 'Add a Tag' }).click();
    const modal = page.getByRole('dialog', { name: 'Add a Tag' });
    await modal.getByLabel('Name').fill(name);
    await modal.getByRole('button', { name: 'Add Tag' }).click();
    await expect(modal).toBeHidden();
    await expect(page.getByText(`Tag ${name} added.`)).toBeVisible();
  }

  const search = page.getByRole('searchbox', { name: 'Search tags' });
  await search.fill(run);
  await search.press('Enter');
  const table = page.getByRole('table', { name: 'Tags' });
  const sandbags = table.getByRole('row', { name: sandbagsTag });
  await expect(table.getByRole('row', { name: new RegExp(run) })).toHaveCount(2);
  await expect(sandbags).toContainText('Searchable');

  await sandbags.getByRole('checkbox', { name: `Select ${sandbagsTag}` }).check();
  await page.getByRole('button', { name: 'Toggle Searchable' }).click();
  await expect(sandbags).toContainText('Not searchable');
  await expect(table.getByRole('row', { name: sledTag })).not.toContainText('Not searchable');

  await page.getByRole('button', { name: 'Select All' }).click();
  await expect(page.getByText('2 selected')).toBeVisible();
  await page.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete tags?' });
  await expect(confirm).toContainText('The 2 selected tags will be deleted');
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('2 tags deleted.')).toBeVisible();
  await expect(table.getByRole('row', { name: new RegExp(run) })).toHaveCount(0);
});

test("the admin's library screens pass axe: Content Repository (with its form), Admin Favorites, Feeds", async ({
  page,
}) => {
  await skipTour(page);
  await signInToApp(page, 'admin@example.com');

  await mainNav(page).getByRole('link', { name: 'Content Repository' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Content Repository' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Content' }).getByRole('row').nth(1)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Add Content' }).click();
  const drawer = page.getByRole('dialog', { name: 'Add Content' });
  await expect(drawer.getByLabel('Title')).toBeVisible();
  await expectAccessible(page);
  await drawer.getByRole('button', { name: 'Cancel' }).click();

  await mainNav(page).getByRole('link', { name: 'Admin Favorites' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Favorites' })).toBeVisible();
  await expectAccessible(page);

  await mainNav(page).getByRole('link', { name: 'Feeds', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Feeds' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'System feeds' })).toContainText('FitPro Strength Coaching');
  await expectAccessible(page);
});
