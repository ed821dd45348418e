import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  authHeaders,
  expectAccessible,
  mainNav,
  signInToApp,
  newMember,
  skipAnnouncements,
  skipTour,
} from './support/fitpost';

/** This spec's coach (e2e/support: newMember), with no message yet; the demo admin writes. */
const coachMember = newMember('coach', 'Casey Coach');

/** Nothing sticks out sideways: the page scrolls only down (once the layout has followed the new width). */
async function expectNoSidewaysScroll(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const width = document.documentElement.clientWidth;
        const wide = [...document.querySelectorAll('body *')]
          .filter((el) => el.getBoundingClientRect().right > width + 1)
          .slice(0, 3)
          .map((el) => `${el.tagName.toLowerCase()}.${el.className}`);
        return document.documentElement.scrollWidth > width ? wide.join(' | ') || 'overflow' : '';
      }),
    )
    .toBe('');
}

/**
 * A member signed in in a browser of their own. The tour and the announcements that earlier specs
 * left (e2e/13) are marked seen: their overlays would cover the page this spec works on.
 */
async function signedIn(browser: Browser, who: Parameters<typeof signInToApp>[1]): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await skipTour(page);
  await skipAnnouncements(page);
  await signInToApp(page, who);
  return page;
}

test("the admin writes to the coaches, the coach's bell counts it, the coach replies with Send Reply and the admin reads the reply", async ({
  browser,
}) => {
  // Two browsers and axe on seven screens; on a shared 2-core machine each axe run alone can take
  // several seconds, so the limit is above the default minute.
  test.setTimeout(180_000);
  const subject = `Spring challenge ${Date.now().toString(36)}`;
  // Both sign in, side by side (FitPost knows members from their first sign-in).
  const [coach, admin] = await Promise.all([
    signedIn(browser, coachMember),
    signedIn(browser, 'admin@example.com'),
  ]);

  const unreadCounts = async () => {
    const res = await coach.request.get('/api/message/unread', { headers: await authHeaders(coach) });
    expect(res.ok()).toBe(true);
    return (await res.json()) as { notifications: number; messages: number };
  };
  expect((await unreadCounts()).messages, 'the coach has no unread message before this spec').toBe(0);

  const panel = admin.getByRole('region', { name: 'Messages' });
  await test.step('the admin writes to the holders of the FitPost Member role', async () => {
    // Administration → Messages, inside the app (no second start of the app).
    await mainNav(admin).getByRole('link', { name: 'Messages', exact: true }).click();
    await expect(admin.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
    await expect(panel.getByText(/\d+ unread/)).toBeVisible();
    await expectAccessible(admin);
    await panel.getByRole('button', { name: 'Compose' }).click();
    const form = admin.getByRole('region', { name: 'Compose' });
    // The option's label, as a person clicks it (antd's radio input is drawn under it).
    await form.getByText('Holders of a role', { exact: true }).click();
    await expect(form.getByRole('radio', { name: 'Holders of a role' })).toBeChecked();
    // antd draws the visible options apart from its screen-reader listbox and animates the
    // dropdown: choose until the select shows the choice (a second click would take it away again).
    const chosen = form.getByTitle('FitPost Member');
    await expect(async () => {
      if (await chosen.isVisible()) return;
      await form.getByRole('combobox', { name: 'Roles' }).click();
      await admin.locator('.ant-select-item-option[title="FitPost Member"]:visible').click({ timeout: 2000 });
      await expect(chosen).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    await admin.keyboard.press('Escape');
    await form.getByRole('textbox', { name: 'Subject' }).fill(subject);
    await form
      .getByRole('textbox', { name: 'Message' })
      .fill('Join the spring challenge: https://example.com/spring. <b>Not bold</b>');
    await expectAccessible(admin);
    await form.getByRole('button', { name: 'Send' }).click();
    await expect(panel.getByText('Message sent')).toBeVisible();
    const sentRow = panel.getByRole('listitem').filter({ hasText: subject });
    await expect(sentRow.getByText(/^Read by 0 of \d+$/)).toBeVisible();
  });

  const thread = coach.getByRole('article', { name: subject });
  await test.step("the coach's bell counts it and opens the thread", async () => {
    // The send answered after its transaction committed: the coach's count has it now.
    const now = await unreadCounts();
    expect(now.messages).toBe(1);
    // The bell asks every minute; a reload asks at once. The bell is drawn before its count arrives,
    // so wait for the count (other specs' notifications are counted too, hence the API's figure),
    // once: the whole app starts again, which takes a while on a shared machine.
    await coach.reload();
    await expect(
      coach.getByRole('button', { name: `Notifications, ${now.notifications + now.messages} unread` }),
    ).toBeVisible({ timeout: 30_000 });
    await coach.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
    const menu = coach.getByRole('navigation', { name: 'Notifications' });
    await expect(menu.getByRole('link', { name: 'See all messages' })).toBeVisible();
    await menu.getByRole('link', { name: new RegExp(subject) }).click();
    await expect(coach).toHaveURL(/\/app\/settings\/messages\?tab=messages&thread=/);
    // Plain text with its link; opening the thread read it, so the bell counts one less.
    await expect(thread.getByText('<b>Not bold</b>', { exact: false })).toBeVisible();
    await expect(thread.getByRole('link', { name: 'https://example.com/spring' })).toHaveAttribute(
      'href',
      'https://example.com/spring',
    );
    const unreadLeft = now.notifications;
    await expect(
      coach.getByRole('button', {
        name: unreadLeft ? `Notifications, ${unreadLeft} unread` : 'Notifications',
        exact: true,
      }),
    ).toBeVisible();
  });

  await test.step('the coach answers with Send Reply; thread, list and Compose fit at 390 px', async () => {
    await thread.getByRole('button', { name: 'Reply' }).click();
    await thread.getByRole('textbox', { name: 'Your reply' }).fill('Count me in!');
    await thread.getByRole('button', { name: 'Send Reply' }).click();
    await expect(thread.getByText('Count me in!')).toBeVisible();
    // axe once per screen, here at 390 px (the layout then has its most to get wrong).
    await coach.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(coach);
    await expectAccessible(coach);
    await coach.getByRole('button', { name: '← Back to messages' }).click();
    await expect(coach.getByRole('link', { name: subject })).toBeVisible();
    await expectNoSidewaysScroll(coach);
    await expectAccessible(coach);
    // The member's Compose (to the portal's admins) fits and passes axe too; nothing is sent.
    const coachPanel = coach.getByRole('region', { name: 'Messages' });
    await coachPanel.getByRole('button', { name: 'Compose' }).click();
    const coachForm = coach.getByRole('region', { name: 'Compose' });
    await expect(coachForm.getByRole('textbox', { name: 'Subject' })).toBeVisible();
    await expectNoSidewaysScroll(coach);
    await expectAccessible(coach);
    await coachForm.getByRole('button', { name: 'Cancel' }).click();
    await expect(coach.getByRole('link', { name: subject })).toBeVisible();
  });

  await test.step("the admin reads the coach's reply; thread and Sent fit at 390 px", async () => {
    // The admin's Inbox was drawn before the coach replied (it stayed open since the send): the
    // admin opens Messages again, which asks for the Inbox afresh, and the reply is in it.
    const folders = panel.getByRole('radiogroup', { name: 'Folder' });
    await admin.reload();
    await expect(admin.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible({ timeout: 30_000 });
    // antd's button-style radios have an <input> without size (check() would wait for it to become
    // visible): read the folder back by its role instead.
    await expect(folders.getByRole('radio', { name: 'Inbox' })).toBeChecked();
    const row = panel.getByRole('listitem').filter({ hasText: subject });
    await expect(row.getByText('Count me in!')).toBeVisible();
    await row.getByRole('link', { name: new RegExp(`^${subject}`) }).click();
    const desk = admin.getByRole('article', { name: subject });
    await expect(desk.getByText('Count me in!')).toBeVisible();
    await expect(desk.getByText(/^Read by 1 of \d+$/)).toBeVisible();
    await admin.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(admin);
    await expectAccessible(admin);
    await admin.getByRole('button', { name: '← Back to messages' }).click();
    await expect(row).toBeVisible();
    await expectNoSidewaysScroll(admin);
    await folders.getByText('Sent', { exact: true }).click();
    await expect(folders.getByRole('radio', { name: 'Sent' })).toBeChecked();
    await expect(
      panel
        .getByRole('listitem')
        .filter({ hasText: subject })
        .getByText(/^Read by 1 of/),
    ).toBeVisible();
    await expectNoSidewaysScroll(admin);
    await expectAccessible(admin);
  });
});
