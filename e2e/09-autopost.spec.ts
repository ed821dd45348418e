import { publishedPosts } from '@fitpost/sandbox/testing';
import { expect, test, type Page } from '@playwright/test';
import {
  followShortLinks,
  authHeaders,
  expectAccessible,
  newMember,
  newPortal,
  sandbox,
  signInToApp,
  skipTour,
} from './support/fitpost';
import { ensureOwnAccount } from './support/social';

/** The sandbox the e2e stack runs (playwright.config.ts): its published log shows what the networks accepted. */
/** Every member's zone here is the browser's (none saved in System Settings): one with daylight saving. */
const timeZone = 'America/New_York';
test.use({ timezoneId: timeZone });

/**
 * A portal of this spec's own (e2e/support: newPortal), with its admin and a coach: the Auto-Post's
 * figures count every opted-in member of the portal, and other specs opt their members in too.
 */
const portal = newPortal();
const coachMember = newMember('coach', 'Casey Coach', { portalId: portal.portalId });

/** Turns Auto-Post on in System Settings for the accounts whose switch names match, off for the others. */
async function optIn(page: Page, on: RegExp[]) {
  await page.goto('/app/settings?tab=system-settings');
  const panel = page.getByRole('region', { name: 'Auto-Post' });
  await expect(panel.getByText(/FitPost publishes each of them there at its time/)).toBeVisible();
  const switches = panel.getByRole('switch');
  await expect(switches.first()).toBeVisible();
  for (const control of await switches.all()) {
    const name = (await control.getAttribute('aria-label')) ?? '';
    const wanted = on.some((pattern) => pattern.test(name));
    if ((await control.getAttribute('aria-checked')) === String(wanted)) continue;
    await control.click();
    await expect(control).toHaveAttribute('aria-checked', String(wanted));
  }
}

/** `YYYY-MM-DD` and `HH:mm` of an instant in the test's zone, as the form's date and time inputs take them. */
function wallTime(at: Date): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

test('the admin schedules an Auto-Post from the library; the opted-in coach gets it on X and LinkedIn, a member who skipped gets nothing', async ({
  page: coach,
  browser,
}) => {
  test.setTimeout(240_000);
  const token = Date.now().toString(36);
  const title = `Box jumps ${token}`;
  const body = `Box jumps build power: land soft, step down (${token})`;
  const xCaption = `Power day: box jumps, landed soft (${token})`;
  const since = new Date().toISOString();

  // The coach connects X and LinkedIn and opts in on both.
  await skipTour(coach);
  await signInToApp(coach, coachMember);
  const coachX = (await ensureOwnAccount(coach, 'x')).accountId;
  const coachLinkedIn = (await ensureOwnAccount(coach, 'linkedin')).accountId;
  await optIn(coach, [/^Auto-Post on X account/, /^Auto-Post on LinkedIn account/]);
  await expectAccessible(coach);

  // The admin, a member too, connects X and opts in, then adds content to the library.
  const admin = await (await browser.newContext()).newPage();
  await skipTour(admin);
  await signInToApp(admin, portal.admin);
  const adminX = (await ensureOwnAccount(admin, 'x')).accountId;
  await optIn(admin, [/^Auto-Post on X account/]);
  const created = await admin.request.post('/api/content', {
    headers: await authHeaders(admin),
    data: { title, body, link: 'https://fitpro.example.org/box-jumps' },
  });
  expect(created.status()).toBe(201);

  // Administration Dashboard → Schedule Auto-Post → Choose from Library.
  await admin.goto('/app/manage');
  await expect(admin.getByRole('heading', { level: 1, name: 'Administration Dashboard' })).toBeVisible();
  await expect(admin.getByRole('heading', { level: 2, name: 'Upcoming Scheduled Auto-Posts' })).toBeVisible();
  await expectAccessible(admin);
  await admin.getByRole('button', { name: 'Schedule Auto-Post' }).click();
  await expect(admin).toHaveURL(/\/app\/manage\/autopost$/);
  await admin.getByRole('button', { name: 'Choose from Library' }).click();
  const picker = admin.getByRole('dialog', { name: 'Choose from Library' });
  await picker.getByLabel('Search the library').fill(title);
  await picker.getByRole('button', { name: `Use ${title}` }).click();
  await expect(admin.getByText(`From the library: ${title}`)).toBeVisible();
  await expect(admin.getByRole('textbox', { name: 'Post text' })).toHaveValue(body);

  // Twenty minutes ahead in the admin's zone, for X (with a caption variant) and LinkedIn: far
  // enough that a slow machine's page loads and axe runs cannot reach it before it is moved to now.
  const planned = wallTime(new Date(Date.now() + 20 * 60_000));
  await admin.getByLabel('Date').fill(planned.date);
  await admin.getByLabel('Time').fill(planned.time);
  await admin.getByRole('checkbox', { name: 'X' }).check();
  await admin.getByRole('checkbox', { name: 'LinkedIn' }).check();
  await admin.getByRole('button', { name: 'Add a variant' }).click();
  await admin.getByRole('textbox', { name: 'Variant 1' }).fill(xCaption);
  await expect(admin.getByText(/of 280 characters on X/)).toBeAttached();
  await expectAccessible(admin);
  await admin.getByRole('button', { name: 'Schedule Auto-Post' }).click();
  await expect(admin).toHaveURL(/\/app\/manage\/autopost\/[0-9a-f-]{36}$/);
  await expect(admin.getByText('The Auto-Post is scheduled.')).toBeVisible();
  const autoPostId = admin.url().split('/').pop() ?? '';

  // The coach sees it coming on Recommended Posts, going to both accounts, and leaves it as it is.
  await coach.goto('/app/dashboard');
  const upcoming = coach.getByRole('region', { name: 'Upcoming Auto-Posts' });
  const coachOccurrence = upcoming.getByRole('article').filter({ hasText: body });
  await expect(coachOccurrence).toBeVisible();
  const goesTo = coachOccurrence.getByRole('list', { name: 'Goes to' });
  await expect(goesTo).toContainText('(X)');
  await expect(goesTo).toContainText('(LinkedIn)');
  await expect(coachOccurrence.getByRole('button', { name: 'Skip' })).toBeVisible();
  await expect(coachOccurrence.getByRole('button', { name: 'Custom Post' })).toBeVisible();
  await expectAccessible(coach);

  // The admin, as a member, skips this one.
  await admin.goto('/app/dashboard');
  const adminOccurrence = admin
    .getByRole('region', { name: 'Upcoming Auto-Posts' })
    .getByRole('article')
    .filter({ hasText: body });
  await adminOccurrence.getByRole('button', { name: 'Skip' }).click();
  await expect(adminOccurrence).toContainText('You skipped this one');

  // Bring it forward to a few seconds from now (the form takes whole minutes), as the API allows.
  const current = await admin.request.get(`/api/autoposts/${autoPostId}`, {
    headers: await authHeaders(admin),
  });
  const saved = (await current.json()) as Record<string, unknown>;
  const moved = await admin.request.put(`/api/autoposts/${autoPostId}`, {
    headers: await authHeaders(admin),
    data: {
      contentId: saved.contentId,
      body: saved.body,
      mediaId: saved.mediaId,
      link: saved.link,
      networks: saved.networks,
      xVariants: saved.xVariants,
      xSpreadMinutes: saved.xSpreadMinutes,
      scheduledAt: new Date(Date.now() + 8_000).toISOString(),
      timeZone,
    },
  });
  expect(moved.status()).toBe(200);

  // The admin follows its progress until both of the coach's posts are published.
  await admin.goto(`/app/manage/autopost/${autoPostId}`);
  await expect(admin.getByText('Sent', { exact: true })).toBeVisible({ timeout: 90_000 });
  const figure = (label: string) =>
    admin.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('+ dd');
  await expect(figure('Published')).toHaveText('2', { timeout: 60_000 });
  await expect(figure('Members reached')).toHaveText('1');
  await expect(figure('Members who skipped')).toHaveText('1');
  await expectAccessible(admin);

  // Exactly one post on each of the coach's accounts; nothing for the member who skipped.
  const mine = (await publishedPosts(sandbox, { since })).filter((p) => p.text.includes(token));
  // The link carries the organisation's UTM tags (on by default): the network, this Auto-Post, the member hashed.
  // It went out as FitPost's short link (issue 30), which leads to the tagged link.
  const onX = await Promise.all(
    mine.filter((p) => p.accountId === coachX).map((p) => followShortLinks(admin, p.text)),
  );
  expect(onX).toHaveLength(1);
  expect(onX[0]).toMatch(
    new RegExp(
      `^${xCaption.replace(/[()]/g, '\\$&')}\n\nhttps://fitpro\\.example\\.org/box-jumps\\?utm_source=x&utm_medium=social&utm_campaign=${autoPostId}&utm_content=[0-9a-f]{16}$`,
    ),
  );
  expect(mine.filter((p) => p.accountId === coachLinkedIn)).toHaveLength(1);
  expect(mine.filter((p) => p.accountId === adminX)).toEqual([]);
  expect(mine).toHaveLength(2);

  // The coach sees it among their posted posts.
  await coach.goto('/app/posts?view=posted');
  const row = coach.getByRole('row').filter({ hasText: body });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Posted');
});
