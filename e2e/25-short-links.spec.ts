import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { publishedPosts } from '@fitpost/sandbox/testing';
import {
  authHeaders,
  expectAccessible,
  mainNav,
  newMember,
  sandbox,
  signInToApp,
  skipTour,
} from './support/fitpost';
import { ensureOwnAccount } from './support/social';

/** This spec's coach and X account (e2e/support: newMember, ensureOwnAccount): no other spec's posts or clicks. */
const coach = newMember('coach', 'Casey Coach');

// Issue 30: a member's post with a link goes out with FitPost's short link; following it lands on
// the destination with its UTM tags; My Results counts the click; a crawler's preview fetch is not one.
test.describe.serial('a member’s link goes out as a FitPost short link, and its clicks are counted', () => {
  let page: Page;
  const token = `Short links ${Date.now()}`;
  const destination = `${sandbox}/profile/member-1001?utm_source=x&utm_medium=social&utm_campaign=short-links`;
  let shortLink = '';

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(120_000);
    page = await (await browser.newContext()).newPage();
    await skipTour(page);
    await signInToApp(page, coach);
  });
  test.afterAll(async () => {
    await page.context().close();
  });

  test('the post published through the sandbox carries a /l/ link, not the destination', async () => {
    const x = await ensureOwnAccount(page, 'x');
    const since = new Date(Date.now() - 1000).toISOString();
    const created = await page.request.post('/api/posts', {
      headers: await authHeaders(page),
      data: {
        body: `${token}: book your first session`,
        link: destination,
        connectionIds: [x.id],
        publishNow: true,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    await expect
      .poll(
        async () => (await publishedPosts(sandbox, { since })).find((p) => p.text.includes(token))?.text,
        {
          timeout: 60_000,
        },
      )
      .toMatch(/\/l\/[A-Za-z0-9]+$/);
    const sent = (await publishedPosts(sandbox, { since })).find((p) => p.text.includes(token));
    expect(sent?.text).not.toContain('member-1001');
    shortLink = /(http\S+\/l\/[A-Za-z0-9]+)$/.exec(sent?.text ?? '')?.[1] ?? '';
    expect(new URL(shortLink).origin).toBe(new URL(page.url()).origin);
  });

  test('a link-preview crawler gets the redirect, and a person following the link lands on the destination with its UTM tags', async () => {
    const preview = await page.request.get(shortLink, {
      headers: { 'user-agent': 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)' },
      maxRedirects: 0,
    });
    expect(preview.status()).toBe(302);
    expect(preview.headers().location).toBe(destination);
    await page.goto(shortLink);
    await expect(page).toHaveURL(destination);
    const landed = new URL(page.url());
    expect(landed.searchParams.get('utm_source')).toBe('x');
    expect(landed.searchParams.get('utm_medium')).toBe('social');
    // A code FitPost never wrote is a plain page, not a redirect.
    const unknown = await page.request.get(`${new URL(shortLink).origin}/l/NotAC0de00`, { maxRedirects: 0 });
    expect(unknown.status()).toBe(404);
  });

  test('My Results lists the post with one click and the crawler’s fetch as a preview', async () => {
    await page.goto('/app');
    await mainNav(page).getByRole('link', { name: 'My Results' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'My Results' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Posts by clicks' });
    const row = table.getByRole('row').filter({ hasText: token });
    // Clicks are written in batches about a second after the redirect: reload until the row is there.
    await expect
      .poll(
        async () => {
          const asked = page.waitForRequest(
            (r) => new URL(r.url()).pathname === '/api/stats/me' && r.method() === 'GET',
          );
          await page.reload();
          expect((await (await asked).response())?.ok()).toBe(true);
          await expect(page.getByRole('heading', { level: 2, name: 'Clicks on your links' })).toBeVisible();
          return row.count();
        },
        { timeout: 30_000, intervals: [1000] },
      )
      .toBe(1);
    const headers = await table.getByRole('columnheader').allTextContents();
    const cell = (name: string) => row.getByRole('cell').nth(headers.indexOf(name));
    await expect(cell('Clicks')).toHaveText('1');
    await expect(cell('Unique clicks')).toHaveText('1');
    await expect(cell('Link previews')).toHaveText('1');
    await expectAccessible(page);
    await page.setViewportSize({ width: 390, height: 844 });
    const card = page
      .getByRole('list', { name: 'Posts by clicks' })
      .getByRole('listitem')
      .filter({ hasText: token });
    await expect(card).toContainText('Clicks 1 · Unique clicks 1 · Link previews 1');
    await expectAccessible(page);
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  test('the admin’s Link Clicks shows the click by member and by network, each with its CSV', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const admin = await (await browser.newContext()).newPage();
    try {
      await skipTour(admin);
      await signInToApp(admin, 'admin@example.com');
      await admin.goto('/app/manage/reports/linkclicks');
      await expect(admin.getByRole('heading', { level: 1, name: 'Link Clicks' })).toBeVisible();
      const views = admin.getByRole('radiogroup', { name: 'View' });
      await expect(views.getByRole('radio', { name: 'By post' })).toBeChecked();
      // The post's own row (By post, the default) holds the click counted above.
      const postRow = admin.getByRole('row').filter({ hasText: token });
      await expect(postRow).toHaveCount(1);

      /** Opens a view, waiting for its own answer, and answers the row whose first cell is `first`. */
      const open = async (label: string, by: string, first: string) => {
        const answered = admin.waitForResponse(
          (r) =>
            new URL(r.url()).pathname === '/api/report/linkclicks' &&
            new URL(r.url()).searchParams.get('by') === by,
        );
        await views.getByText(label).click();
        expect((await answered).ok()).toBe(true);
        await expect(admin).toHaveURL(new RegExp(`by=${by}`));
        await expect(admin.getByRole('columnheader', { name: 'Links clicked' })).toBeVisible();
        const headers = await admin.getByRole('columnheader').allTextContents();
        const row = admin
          .getByRole('row')
          .filter({ has: admin.getByRole('cell', { name: first, exact: true }) });
        await expect(row).toHaveCount(1);
        const clicks = Number(await row.getByRole('cell').nth(headers.indexOf('Clicks')).textContent());
        expect(clicks).toBeGreaterThanOrEqual(1);
        return headers;
      };
      await open('By member', 'member', coach.name);
      await expectAccessible(admin);
      const headers = await open('By network', 'network', 'X');

      const download = admin.waitForEvent('download');
      await admin.getByRole('button', { name: 'Download CSV' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(
        /^fitpost-linkclicks-by-network-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
      );
      const [header, ...lines] = (await readFile(await file.path(), 'utf8')).split('\r\n');
      expect(header).toBe(headers.filter(Boolean).join(','));
      expect(lines.some((line) => line.startsWith('X,'))).toBe(true);
      await expectAccessible(admin);
    } finally {
      await admin.context().close();
    }
  });
});
