import type { AnnouncementDetail } from '@fitpost/contract';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, startTestApp, type TestApp } from '../../test/harness.js';
import { call, type TestUser } from '../../test/library.js';
import { xssCorpus } from './xss-corpus.js';

/**
 * The XSS corpus stored through the API and rendered in Debian's chromium the way the web app
 * renders a body (inserted as HTML), with no Content-Security-Policy to help: `window.__xss`
 * counts executions. The same document ends with one unsanitised payload that calls `__done`,
 * and a page of the raw payloads must fire `__xss`: both prove the hook works.
 */
let t: TestApp;
let admin: TestUser;
let browser: Browser;

beforeAll(async () => {
  t = await startTestApp();
  admin = await makeUser(t, { admin: true });
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
});
afterAll(async () => {
  await browser.close();
  await t.close();
});

const hook =
  '<script>window.__xss = () => { window.__count = (window.__count || 0) + 1; }; window.__count = 0;</script>';

/**
 * Renders `bodies` in a fresh page, each inserted as innerHTML, then `marker` (unsanitised: it
 * sets `__done` once the browser has handled what came before it). Every request is refused, so
 * nothing leaves the machine.
 */
async function render(bodies: string[], marker: string) {
  const context = await browser.newContext();
  await context.route('**/*', (route) => route.abort());
  const page = await context.newPage();
  await page.setContent(`<!doctype html><html><head>${hook}</head><body><div id="root"></div></body></html>`);
  await page.evaluate(
    ([list, end]) => {
      const root = document.getElementById('root') as HTMLElement;
      for (const html of [...list, end]) {
        const div = document.createElement('div');
        div.innerHTML = html;
        root.append(div);
      }
    },
    [bodies, marker] as const,
  );
  return page;
}

describe('announcement bodies in chromium', () => {
  it(`run none of the ${xssCorpus.length} XSS payloads once stored through the API`, async () => {
    const stored: string[] = [];
    for (const payload of xssCorpus) {
      const res = await call(t, admin, {
        method: 'POST',
        url: '/api/announcement',
        payload: { body: payload, isActive: false },
      });
      if (res.statusCode === 201) stored.push(res.json<AnnouncementDetail>().body);
      else expect(res.statusCode, payload).toBe(400); // nothing left of it
    }
    expect(stored.length).toBeGreaterThan(0);

    const page = await render(stored, '<img src="data:," onerror="window.__done = true">');
    await page.waitForFunction(() => (window as unknown as { __done?: boolean }).__done === true);
    // Clicks, focus and hovers too: every element of the stored bodies gets them.
    for (const el of await page.locator('#root *').all()) {
      await el.dispatchEvent('click').catch(() => undefined);
      await el.dispatchEvent('mouseover').catch(() => undefined);
      await el.dispatchEvent('focus').catch(() => undefined);
    }
    expect(await page.evaluate(() => (window as unknown as { __count: number }).__count)).toBe(0);
    await page.close();
  });

  it('the hook works: the raw payloads, rendered the same way, do run (positive control)', async () => {
    const page = await render([...xssCorpus], '<img src="data:," onerror="window.__done = true">');
    await page.waitForFunction(() => (window as unknown as { __done?: boolean }).__done === true);
    await page.waitForFunction(() => (window as unknown as { __count: number }).__count > 0);
    await page.close();
  });
});
