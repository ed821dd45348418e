import { expect, test, type Page } from '@playwright/test';
import { authHeaders, expectAccessible, newMember, signInToApp, skipTour } from './support/fitpost';
import { ensureOwnAccount } from './support/social';

/** This spec's coach (e2e/support: newMember): the lists hold their posts alone. */
const coach = newMember('coach', 'Casey Coach');

test.use({ timezoneId: 'America/New_York' });

interface Post {
  id: string;
  status: string;
  targets: { network: string; remoteUrl: string | null }[];
}

/** Creates a post through the API with the coach's own session (the composer has its own test). */
async function createPost(page: Page, data: Record<string, unknown>): Promise<Post> {
  const res = await page.request.post('/api/posts', {
    headers: await authHeaders(page),
    data: { timeZone: 'America/New_York', ...data },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Post;
}

async function readPost(page: Page, id: string): Promise<Post> {
  const res = await page.request.get(`/api/posts/${id}`, { headers: await authHeaders(page) });
  return (await res.json()) as Post;
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const rowOf = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

test('the coach sees upcoming and posted posts, filters by network, cancels one and duplicates one', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const soonX = `Upcoming on X ${stamp}: hip hinge drills`;
  const laterLinkedIn = `Upcoming on LinkedIn ${stamp}: why coaches deload`;
  const postedBoth = `Posted on both ${stamp}: hydration check`;

  await skipTour(page);
  await signInToApp(page, coach);
  const x = (await ensureOwnAccount(page, 'x')).id;
  const linkedin = (await ensureOwnAccount(page, 'linkedin')).id;
  await createPost(page, { body: soonX, connectionIds: [x], scheduledAt: inDays(2) });
  await createPost(page, { body: laterLinkedIn, connectionIds: [linkedin], scheduledAt: inDays(3) });
  const now = await createPost(page, { body: postedBoth, connectionIds: [x, linkedin], publishNow: true });
  // The worker publishes it to the sandbox's X and LinkedIn.
  await expect
    .poll(async () => (await readPost(page, now.id)).status, { timeout: 30_000, intervals: [500] })
    .toBe('posted');

  // Upcoming: soonest first, each account with its status.
  await page.goto('/app/posts');
  await expect(page.getByRole('heading', { level: 1, name: 'Schedule a Post' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Upcoming', selected: true })).toBeVisible();
  await expect(rowOf(page, soonX)).toBeVisible();
  await expect(rowOf(page, laterLinkedIn)).toContainText('Scheduled');
  await expect(rowOf(page, postedBoth)).toHaveCount(0);
  await expectAccessible(page);

  // Filter by network: only the LinkedIn post stays; the filter survives a reload (it is in the address).
  // antd renders the visible options apart from its screen-reader listbox and animates the
  // dropdown: choose until the select shows the choice.
  const filters = page.getByRole('search', { name: 'Filter posts' });
  await expect(async () => {
    await filters.getByRole('combobox', { name: 'Network' }).click();
    await page.locator('.ant-select-item-option[title="LinkedIn"]:visible').click({ timeout: 2000 });
    await expect(filters.getByTitle('LinkedIn', { exact: true })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(rowOf(page, soonX)).toHaveCount(0);
  await expect(rowOf(page, laterLinkedIn)).toBeVisible();
  await page.reload();
  await expect(rowOf(page, laterLinkedIn)).toBeVisible();
  await expect(rowOf(page, soonX)).toHaveCount(0);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(rowOf(page, soonX)).toBeVisible();

  // Posted: links to the live posts on both networks.
  await page.getByRole('tab', { name: 'Posted' }).click();
  const posted = rowOf(page, postedBoth);
  await expect(posted).toBeVisible();
  await expect(posted.getByRole('link', { name: /View on X/ })).toHaveAttribute('href', /^https?:\/\//);
  await expect(posted.getByRole('link', { name: /View on LinkedIn/ })).toHaveAttribute(
    'href',
    /^https?:\/\//,
  );
  await expectAccessible(page);

  // Cancel the X post, after confirming: it leaves Upcoming and shows as canceled under All.
  await page.getByRole('tab', { name: 'Upcoming' }).click();
  await rowOf(page, soonX)
    .getByRole('button', { name: /^Cancel/ })
    .click();
  await expect(page.getByText('Cancel this post?')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel post', exact: true }).click();
  await expect(page.getByText('Post canceled.')).toBeVisible();
  await expect(rowOf(page, soonX)).toHaveCount(0);
  await page.getByRole('tab', { name: 'All', exact: true }).click();
  await expect(rowOf(page, soonX)).toContainText('Canceled');

  // Duplicate the LinkedIn post: the copy waits under Drafts, the original is still scheduled.
  await page.getByRole('tab', { name: 'Upcoming' }).click();
  await rowOf(page, laterLinkedIn)
    .getByRole('button', { name: /^Duplicate/ })
    .click();
  await expect(page.getByText('Copied as a draft.')).toBeVisible();
  await page.getByRole('tab', { name: 'Drafts' }).click();
  const draft = rowOf(page, laterLinkedIn);
  await expect(draft).toContainText('Draft');
  await expect(draft).toContainText('No time set');
  await expectAccessible(page);
  await page.getByRole('tab', { name: 'Upcoming' }).click();
  await expect(rowOf(page, laterLinkedIn)).toContainText('Scheduled');

  // Reschedule from the keyboard: the dialog reads the time in the member's zone.
  await rowOf(page, laterLinkedIn)
    .getByRole('button', { name: /^Reschedule/ })
    .focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Reschedule post' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('America/New York');
  await expectAccessible(page);
  await dialog.getByLabel('Time').fill('07:45');
  await dialog.getByRole('button', { name: 'Reschedule', exact: true }).click();
  await expect(page.getByText('Post rescheduled.')).toBeVisible();
  await expect(rowOf(page, laterLinkedIn)).toContainText('7:45 AM');

  // The dashboard lists upcoming posts and leads back here.
  await page.goto('/app/dashboard');
  const panel = page.getByRole('region', { name: 'My Scheduled Posts' });
  await expect(panel.getByRole('listitem').first()).toBeVisible();
  await panel.getByRole('link', { name: /^See all/ }).click();
  await expect(page).toHaveURL(/\/app\/posts$/);
});
