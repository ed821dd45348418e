import { reportRoutes } from '@fitpost/contract';
import { expect, test, type Page } from '@playwright/test';
import {
  authHeaders,
  expectAccessible,
  newMember,
  sandbox,
  signInToApp,
  skipAnnouncements,
  skipTour,
} from './support/fitpost';
import { ensureOwnAccount } from './support/social';

/**
 * Issue 26, thumbs: on a 390×844 phone every button, tab, switch, checkbox, radio and link-button a
 * member or an admin can see is at least 40×40 px (a checkbox's or switch's label counts, as a tap
 * on it works too), no label wraps one letter per line, and no screen scrolls sideways.
 */
test.use({ viewport: { width: 390, height: 844 } });

const minimum = 40;

/** This spec's coach (e2e/support: newMember); the demo admin's screens hold the demo's content. */
const coach = newMember('coach', 'Casey Coach');

const screens = {
  coach: [
    '/app/dashboard',
    '/app/posts',
    '/app/calendar',
    '/app/posts/post',
    '/app/content',
    '/app/saved',
    '/app/brands',
    '/app/stats',
    '/app/settings?tab=social-platforms',
    '/app/settings?tab=system-settings',
    '/app/settings?tab=content-feeds',
    '/app/settings?tab=help',
    '/app/settings/messages',
  ],
  admin: [
    '/app/manage',
    '/app/manage/content',
    '/app/manage/saved',
    '/app/manage/feeds',
    '/app/manage/tags',
    '/app/manage/announcements',
    '/app/manage/users',
    '/app/manage/messages',
    '/app/manage/settings',
    '/app/manage/reports',
    // Every report: its tables turn into cards on a phone (Posts Detail's "Text" once wrapped per letter).
    ...reportRoutes.map((report) => `/app/manage/reports/${report}`),
  ],
} as const;

interface Measured {
  innerWidth: number;
  scrollWidth: number;
  small: string[];
  perLetter: string[];
}

/** Every visible control's tap area (its label's, where it has one), and what wraps letter by letter. */
async function measure(page: Page): Promise<Measured> {
  return page.evaluate((min) => {
    const selector = [
      'button',
      '[role="button"]',
      '[role="tab"]',
      '[role="switch"]',
      'input[type="checkbox"]',
      'input[type="radio"]',
      'a.ant-btn',
    ].join(',');
    const nameOf = (el: Element) =>
      (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60) ||
      el.outerHTML.slice(0, 80);
    const tapArea = (el: Element): Element =>
      el.closest('label') ??
      el.closest('.ant-tabs-tab') ??
      el.closest('.ant-checkbox-wrapper, .ant-radio-wrapper, .ant-radio-button-wrapper') ??
      el;
    const visible = (el: Element) =>
      el.getClientRects().length > 0 &&
      el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) &&
      !el.closest('[aria-hidden="true"], [inert]');
    const seen = new Set<Element>();
    const small: string[] = [];
    for (const el of Array.from(document.querySelectorAll(selector))) {
      const area = tapArea(el);
      if (seen.has(area) || !visible(area)) continue;
      seen.add(area);
      const box = area.getBoundingClientRect();
      // Out of the page's flow (a screen-reader-only control) or scrolled away inside its own box.
      if (box.width < 2 || box.height < 2) continue;
      if (box.width < min || box.height < min)
        small.push(`${nameOf(el)} (${Math.round(box.width)}×${Math.round(box.height)})`);
    }
    // A label wrapping one letter per line: a narrow, tall box of text.
    const perLetter = Array.from(document.querySelectorAll('label, th, .ant-form-item-label, dt'))
      .filter((el) => visible(el) && (el.textContent ?? '').trim().length > 2)
      .filter((el) => {
        const box = el.getBoundingClientRect();
        const line = parseFloat(getComputedStyle(el).lineHeight) || 22;
        return box.width < 24 && box.height > line * 2.5;
      })
      .map(nameOf);
    return {
      innerWidth: window.innerWidth,
      scrollWidth: document.documentElement.scrollWidth,
      small,
      perLetter,
    };
  }, minimum);
}

/**
 * What a working coach's screens hold, so each screen shows its controls with data: an X and a
 * LinkedIn account, a scheduled post, a published one and a draft, a favourite, a feed of their own
 * and a message to the admins.
 */
async function fillCoachScreens(page: Page) {
  const headers = await authHeaders(page);
  const x = await ensureOwnAccount(page, 'x');
  const linkedin = await ensureOwnAccount(page, 'linkedin');
  const post = (data: Record<string, unknown>) =>
    page.request.post('/api/posts', {
      headers,
      data: { timeZone: 'America/New_York', connectionIds: [x.id, linkedin.id], ...data },
    });
  const inTwoDays = new Date(Date.now() + 2 * 86_400_000).toISOString();
  for (const made of [
    await post({ body: 'Touch check (e2e/30): goblet squats', scheduledAt: inTwoDays }),
    await post({ body: 'Touch check (e2e/30): hydration', publishNow: true }),
    await post({ body: 'Touch check (e2e/30): a draft', draft: true }),
  ])
    expect(made.status(), await made.text()).toBe(201);
  const library = await page.request.get('/api/content?pagesize=1', { headers });
  const [item] = ((await library.json()) as { items: { id: string }[] }).items;
  const favourite = await page.request.post('/api/favorite', { headers, data: { contentId: item?.id } });
  expect(favourite.ok(), await favourite.text()).toBe(true);
  const feed = await page.request.post('/api/feed', {
    headers,
    data: { name: 'Recovery Lab', url: `${sandbox}/feeds/recovery.json` },
  });
  expect(feed.ok(), await feed.text()).toBe(true);
  const message = await page.request.post('/api/message', {
    headers,
    data: { subject: 'Touch check (e2e/30)', body: 'Is the studio open on Sunday?' },
  });
  expect(message.ok(), await message.text()).toBe(true);
}

/**
 * A post of the admin's own with a long text, published now, so the reports' phone cards (Posts
 * Detail's Text) always hold a line whose value is far wider than its label.
 */
async function fillAdminScreens(page: Page) {
  const x = await ensureOwnAccount(page, 'x');
  const made = await page.request.post('/api/posts', {
    headers: await authHeaders(page),
    data: {
      timeZone: 'America/New_York',
      connectionIds: [x.id],
      body: `Touch check (e2e/30): ${'a long caption that runs well past one line on a phone, '.repeat(3)}#mobilitymondaychallengeweekfour`,
      publishNow: true,
    },
  });
  expect(made.status(), await made.text()).toBe(201);
}

for (const [who, paths] of Object.entries(screens)) {
  test(`the ${who}'s screens at 390 px: every control at least 40×40, no letter-by-letter labels, no sideways scroll`, async ({
    page,
  }) => {
    test.setTimeout(600_000);
    await skipTour(page);
    await skipAnnouncements(page);
    await signInToApp(page, who === 'coach' ? coach : 'admin@example.com');
    await (who === 'coach' ? fillCoachScreens(page) : fillAdminScreens(page));
    const problems: Record<string, Partial<Measured>> = {};
    for (const path of paths) {
      await page.goto(path);
      await expect(page.locator('h1')).toBeVisible({ timeout: 20_000 });
      // The screen's data is in: no skeleton or spinner left.
      await expect(page.locator('.ant-skeleton, .ant-spin-spinning')).toHaveCount(0, { timeout: 20_000 });
      const found = await measure(page);
      const wide = found.scrollWidth > found.innerWidth;
      if (found.small.length > 0 || found.perLetter.length > 0 || wide)
        problems[path] = {
          ...(found.small.length ? { small: found.small } : {}),
          ...(found.perLetter.length ? { perLetter: found.perLetter } : {}),
          ...(wide ? { scrollWidth: found.scrollWidth } : {}),
        };
    }
    expect(problems).toEqual({});
    await expectAccessible(page);
  });
}
