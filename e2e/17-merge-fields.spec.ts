import { publishedPosts } from '@fitpost/sandbox/testing';
import { expect as baseExpect, test, type Page } from '@playwright/test';
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

/** Screens here load a large lazy chunk (the form) after sign-in; on a loaded machine that can take a while. */
const expect = baseExpect.configure({ timeout: 30_000 });

const timeZone = 'America/New_York';
test.use({ timezoneId: timeZone });

/**
 * A portal of this spec's own (e2e/support: newPortal): its admin signs in for the first time here,
 * in New York, so the zone FitPost saves for them (the browser's, at first sign-in) is this spec's,
 * whichever spec ran before. Its coach has accounts of their own.
 */
const portal = newPortal();
const coachMember = newMember('coach', 'Casey Coach', { portalId: portal.portalId });

interface OptIn {
  connectionId: string;
  enabled: boolean;
}

async function optIns(page: Page): Promise<OptIn[]> {
  const res = await page.request.get('/api/autoposts/settings', { headers: await authHeaders(page) });
  return ((await res.json()) as { accounts: OptIn[] }).accounts.map(({ connectionId, enabled }) => ({
    connectionId,
    enabled,
  }));
}

async function setOptIns(page: Page, accounts: OptIn[]) {
  const res = await page.request.put('/api/autoposts/settings', {
    headers: await authHeaders(page),
    data: { accounts },
  });
  expect(res.status()).toBe(200);
}

test('a personal Auto-Post: the coach’s details fill the admin’s {first_name} and booking link, on each network', async ({
  page: coach,
  browser,
}) => {
  test.setTimeout(420_000);
  const token = Date.now().toString(36);
  const since = new Date().toISOString();

  // The coach connects X and LinkedIn, opts in, and fills 'My details for Auto-Posts'.
  await skipTour(coach);
  await signInToApp(coach, coachMember);
  const x = await ensureOwnAccount(coach, 'x');
  const linkedin = await ensureOwnAccount(coach, 'linkedin');
  const accounts = { coachX: x.accountId, coachLinkedIn: linkedin.accountId };
  const before = await optIns(coach);
  await setOptIns(
    coach,
    before.map((a) => ({ ...a, enabled: a.connectionId === x.id || a.connectionId === linkedin.id })),
  );
  await coach.goto('/app/settings?tab=system-settings');
  const details = coach.getByRole('region', { name: 'My details for Auto-Posts' });
  await details.getByLabel('Display name').fill('Casey Merge');
  await details.getByLabel('City').fill('Leeds');
  await details.getByLabel('Booking link').fill('https://book.example.com/casey');
  await expect(details.getByTestId('auto-post-details-example')).toContainText(
    'Hi, I’m Casey from my studio in Leeds. Book your first session: https://book.example.com/casey',
  );
  await details.getByRole('button', { name: 'Save My Details' }).click();
  await expect(coach.getByText('Your details are saved.')).toBeVisible();
  await expectAccessible(coach);

  // The admin sees the organisation's settings, then writes an Auto-Post with fields from the menu.
  const admin = await (await browser.newContext({ timezoneId: timeZone })).newPage();
  await skipTour(admin);
  await signInToApp(admin, portal.admin);
  // Their first sign-in saved the browser's zone as theirs (issue 26): the form's times are New York's.
  const me = (await (
    await admin.request.get('/api/user/me', { headers: await authHeaders(admin) })
  ).json()) as { properties: { name: string; value: string }[] };
  expect(me.properties).toContainEqual({ name: 'timeZone', value: timeZone });
  const itemTitle = `Merge fields ${token}`;
  const created = await admin.request.post('/api/content', {
    headers: await authHeaders(admin),
    data: {
      title: itemTitle,
      body: `Hip mobility in ten minutes ${token}`,
      link: 'https://fitpro.example.org/hips',
    },
  });
  expect(created.status()).toBe(201);
  await admin.goto('/app/manage/settings');
  await expect(admin.getByRole('heading', { level: 1, name: 'Administration Settings' })).toBeVisible();
  await expect(admin.getByRole('heading', { level: 2, name: 'Last changes' })).toBeVisible();
  await expectAccessible(admin);

  await admin.goto('/app/manage/autopost');
  const text = admin.getByRole('textbox', { name: 'Post text' });
  await text.fill(`Train with `);
  await admin.getByRole('button', { name: 'Insert a field' }).click();
  await admin.getByRole('menuitem', { name: /First name/ }).click();
  await expect(text).toHaveValue('Train with {first_name}');
  await text.press('End');
  await text.pressSequentially(` in {city}! Book: {booking_link} ${token}`);
  await admin.getByRole('checkbox', { name: 'X' }).check();
  await admin.getByRole('checkbox', { name: 'LinkedIn' }).check();
  await expect(admin.getByText(/LinkedIn: up to \d+ of 3,000/)).toBeVisible();
  await admin.getByRole('textbox', { name: /^Link/ }).fill('https://fitpro.example.org/spring');
  // Far enough ahead that it is still scheduled when the test moves it to a few seconds from now.
  const at = new Date(Date.now() + 20 * 60_000);
  const wall = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => wall.find((p) => p.type === type)?.value ?? '';
  await admin.getByLabel('Date').fill(`${part('year')}-${part('month')}-${part('day')}`);
  await admin.getByLabel('Time').fill(`${part('hour')}:${part('minute')}`);
  await expectAccessible(admin);
  await admin.getByRole('button', { name: 'Schedule Auto-Post' }).click();
  await expect(admin).toHaveURL(/\/app\/manage\/autopost\/[0-9a-f-]{36}$/);
  const autoPostId = admin.url().split('/').pop() ?? '';

  // The preview API shows the coach's own texts before anything is sent.
  const coachId = await coachUserId(coach);
  const preview = await admin.request.get(`/api/autoposts/${autoPostId}/preview?userId=${coachId}`, {
    headers: await authHeaders(admin),
  });
  expect(preview.status()).toBe(200);
  const previewed = (await preview.json()) as { members: { posts: { network: string; text: string }[] }[] };
  for (const post of previewed.members[0]?.posts ?? [])
    expect(post.text).toBe(`Train with Casey in Leeds! Book: https://book.example.com/casey ${token}`);

  // The admin opens the preview from the Auto-Post form, searches the coach and sees their own
  // text in the X and LinkedIn cards, with the link as each network gets it.
  await admin.goto(`/app/manage/autopost/${autoPostId}/edit`);
  await admin.getByRole('link', { name: 'Preview for members' }).click();
  await expect(admin).toHaveURL(new RegExp(`/app/preview/auto-post/${autoPostId}$`));
  await expect(admin.getByRole('heading', { level: 1, name: 'Auto-Post Preview' })).toBeVisible();
  await expect(admin.getByRole('heading', { level: 2, name: 'Opted-in members' })).toBeVisible();
  const search = admin.getByRole('combobox', { name: 'Member' });
  await search.fill(coachMember.email);
  // antd's visible options (its role="option" copies are for screen readers, not clicks).
  await admin
    .locator('.ant-select-item-option')
    .filter({ hasText: `<${coachMember.email}>` })
    .click();
  const found = admin.locator('article.member-preview').filter({ hasText: 'Searched for' });
  for (const network of ['X', 'LinkedIn']) {
    const card = found.getByRole('article', { name: new RegExp(`^${network} preview`) });
    await expect(card).toContainText('Train with Casey in Leeds!');
    await expect(card.locator('.member-preview-url')).toContainText('utm_medium=social');
  }
  await expectAccessible(admin);

  // The coach opens the portal's library item's preview from its card's title.
  await coach.goto('/app/content');
  await coach.locator('.content-card-title a').filter({ hasText: itemTitle }).click();
  await expect(coach).toHaveURL(/\/app\/preview\/content\/[0-9a-f-]{36}$/);
  await expect(coach.getByRole('heading', { level: 1, name: itemTitle })).toBeVisible();
  await expect(coach.getByRole('article', { name: /^X preview/ })).toBeVisible();
  await expect(coach.getByRole('button', { name: 'Schedule Post' })).toBeVisible();
  await expectAccessible(coach);

  // Bring it forward to a few seconds from now, as the API allows, and wait for the sends.
  const saved = (await (
    await admin.request.get(`/api/autoposts/${autoPostId}`, { headers: await authHeaders(admin) })
  ).json()) as Record<string, unknown>;
  const moved = await admin.request.put(`/api/autoposts/${autoPostId}`, {
    headers: await authHeaders(admin),
    data: {
      body: saved.body,
      link: saved.link,
      networks: saved.networks,
      scheduledAt: new Date(Date.now() + 8_000).toISOString(),
      timeZone,
    },
  });
  expect(moved.status()).toBe(200);
  await expect
    .poll(
      async () =>
        (await publishedPosts(sandbox, { since })).filter(
          (p) =>
            p.text.includes(token) &&
            (p.accountId === accounts.coachX || p.accountId === accounts.coachLinkedIn),
        ).length,
      { timeout: 90_000 },
    )
    .toBe(2);
  const mine = (await publishedPosts(sandbox, { since })).filter((p) => p.text.includes(token));
  for (const post of mine.filter(
    (p) => p.accountId === accounts.coachX || p.accountId === accounts.coachLinkedIn,
  )) {
    expect(post.text).toContain(`Train with Casey in Leeds! Book: https://book.example.com/casey ${token}`);
    // The post's own link went out as FitPost's short link (issue 30), which leads to the tagged link.
    expect(await followShortLinks(coach, post.text)).toContain(`utm_source=${post.network}`);
  }
  for (const post of mine) expect(post.text).not.toMatch(/\{(first_name|city|booking_link)\}/);

  // Leave the coach as found: no details, the opt-ins as they were.
  for (const name of ['autoPost.displayName', 'autoPost.city', 'autoPost.bookingLink']) {
    await coach.request.put(`/api/user/${coachId}/properties`, {
      headers: await authHeaders(coach),
      data: { [name]: '' },
    });
  }
  await setOptIns(coach, before);
});

async function coachUserId(page: Page): Promise<string> {
  const res = await page.request.get('/api/user/me', { headers: await authHeaders(page) });
  return ((await res.json()) as { id: string }).id;
}
