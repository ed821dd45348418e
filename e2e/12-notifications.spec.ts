import { expect, test } from '@playwright/test';
import { authHeaders, expectAccessible, newMember, sandbox, signInToApp, skipTour } from './support/fitpost';
import { connectAccount, ensureOwnAccount } from './support/social';

/** This spec's coach (e2e/support: newMember), whose own X account the network revokes. */
const coach = newMember('coach', 'Casey Coach');

test('a post to an X account revoked at the network tells the coach, through the bell, to reconnect', async ({
  page,
}) => {
  // Sign-in, connecting X, the failure, its email and reconnecting again: more than the default minute.
  test.setTimeout(120_000);
  await skipTour(page);
  await signInToApp(page, coach);
  const x = await ensureOwnAccount(page, 'x');

  // The network revokes the account's tokens on the next publish call: it answers 401.
  const fault = await page.request.post(`${sandbox}/_sandbox/faults`, {
    data: { network: 'x', kind: 'revoked', accountId: x.accountId },
  });
  expect(fault.status(), await fault.text()).toBeLessThan(300);
  const post = await page.request.post('/api/posts', {
    headers: await authHeaders(page),
    data: {
      timeZone: 'UTC',
      body: `Revoked ${Date.now().toString(36)}: mobility flow`,
      connectionIds: [x.id],
      publishNow: true,
    },
  });
  expect(post.status(), await post.text()).toBe(201);

  // The bell asks every minute; a reload asks at once. Right after a reload the bell is drawn
  // before its count arrives, so each try waits for the count rather than reading the first label.
  const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
  await expect(async () => {
    await page.reload();
    await expect(bell).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 45_000, intervals: [1000] });
  await bell.click();
  const menu = page.getByRole('navigation', { name: 'Notifications' });
  const reconnect = menu.getByRole('link', { name: /^Reconnect / });
  await expect(reconnect).toHaveAttribute('href', '/app/settings?tab=social-platforms');
  await expect(menu.getByRole('link', { name: 'See all messages' })).toBeVisible();

  // The same notification went out by email, to the sandbox's SMTP catcher, with one-click unsubscribe.
  await expect(async () => {
    const caught = await page.request.get(`${sandbox}/_sandbox/mail?to=${encodeURIComponent(coach.email)}`);
    const { messages } = (await caught.json()) as {
      messages: { subject: string; text: string; headers: Record<string, string> }[];
    };
    const mail = messages.find((m) => m.subject.startsWith('Reconnect '));
    expect(mail?.text).toContain('/app/settings?tab=social-platforms');
    expect(mail?.headers['list-unsubscribe']).toMatch(
      /^<http:\/\/localhost:\d+\/api\/email\/unsubscribe\?token=/,
    );
    expect(mail?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  }).toPass({ timeout: 30_000, intervals: [500] });

  // Settings → Messages lists it, still unread after Mark all read while X needs reconnecting.
  await menu.getByRole('link', { name: 'See all messages' }).click();
  await expect(page).toHaveURL(/\/app\/settings\/messages$/);
  const list = page.getByRole('region', { name: 'Notifications' });
  await expect(list.getByRole('link', { name: /^Reconnect ?: Reconnect / }).first()).toBeVisible();
  await expectAccessible(page);
  await list.getByRole('button', { name: 'Mark all read' }).click();
  await expect(list.getByText('Unread').first()).toBeVisible();

  // At 390 px the bell's list fits the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: /unread/ }).click();
  const box = await page.getByRole('navigation', { name: 'Notifications' }).getByRole('list').boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Following the link and reconnecting the same account (through the consent page) resolves it.
  await list
    .getByRole('link', { name: /^Reconnect ?: Reconnect / })
    .first()
    .click();
  await expect(page).toHaveURL(/tab=social-platforms/);
  await connectAccount(page, 'x', x.accountId);
  await page.goto('/app/settings/messages');
  await expect(page.getByRole('region', { name: 'Notifications' }).getByText('0 unread')).toBeVisible();
  // The bell counts no notification now; it also counts unread messages, which an admin writing to
  // every member (e2e/14, running beside this spec) may have sent meanwhile.
  const unread = await page.request.get('/api/message/unread', { headers: await authHeaders(page) });
  const { notifications, messages } = (await unread.json()) as { notifications: number; messages: number };
  expect(notifications).toBe(0);
  await expect(
    page.getByRole('button', {
      name: messages ? `Notifications, ${messages} unread` : 'Notifications',
      exact: true,
    }),
  ).toBeVisible();
});
