import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { authHeaders, sandbox } from './fitpost';

// A member's social accounts in the end-to-end tests: connected through the consent pages the
// sandbox's networks draw (e2e/04 proves those), or, for every other spec, over HTTP.

export interface Connection {
  id: string;
  network: string;
  accountId: string;
  status: string;
}

/** The signed-in member's social connections, read through the API. */
export async function connections(page: Page): Promise<Connection[]> {
  const res = await page.request.get('/api/social/connections', { headers: await authHeaders(page) });
  return (await res.json()) as Connection[];
}

/**
 * The signed-in member's connected account on `network` (a given sandbox account, or the consent
 * page's default), connected through the sandbox's consent page if need be.
 */
export async function ensureConnected(
  page: Page,
  network: 'x' | 'linkedin',
  accountId?: string,
): Promise<Connection> {
  const find = async () =>
    (await connections(page)).find(
      (c) => c.network === network && c.status === 'connected' && (!accountId || c.accountId === accountId),
    );
  const existing = await find();
  if (existing) return existing;
  await page.goto('/app/settings?tab=social-platforms');
  await page.getByRole('button', { name: 'Add New Connection' }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose a Network to Connect' });
  if (network === 'x') {
    await dialog.getByRole('button', { name: 'X', exact: true }).click();
    if (accountId) await page.getByRole('combobox', { name: 'Account' }).selectOption(accountId);
    await page.getByRole('button', { name: 'Authorize app' }).click();
    // The consent page returns to FitPost's callback, which starts the app, exchanges the grant and
    // moves on: a fresh app start, slower than the default wait on a shared machine (as at sign-in).
    await expect(page).toHaveURL(/\/app\/settings/, { timeout: 30_000 });
  } else {
    const popup = page.waitForEvent('popup');
    await dialog.getByRole('button', { name: 'LinkedIn' }).click();
    const consent = await popup;
    if (accountId) await consent.getByRole('combobox', { name: 'Account' }).selectOption(accountId);
    await consent.getByRole('button', { name: 'Allow' }).click();
  }
  await expect.poll(async () => (await find()) !== undefined, { timeout: 15_000 }).toBe(true);
  const connected = await find();
  if (!connected) throw new Error(`${network} did not connect`);
  return connected;
}

/** The HTML-escaped text of the sandbox's consent pages, unescaped. */
const unescapeHtml = (text: string) =>
  text
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');

/**
 * Answers a network's consent page (at `authorizeUrl`) as the person at it would: `account`,
 * Allow. Returns where the network sends the browser back to (FitPost's callback, with the grant).
 */
async function consent(page: Page, authorizeUrl: string, account: string): Promise<URL> {
  const html = await (await page.request.get(authorizeUrl)).text();
  const action = /<form method="post" action="([^"]*)"/.exec(html)?.[1];
  if (action === undefined) throw new Error(`No consent form at ${authorizeUrl}:\n${html.slice(0, 500)}`);
  const form: Record<string, string> = { account, decision: 'allow' };
  for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g))
    form[unescapeHtml(name ?? '')] = unescapeHtml(value ?? '');
  const answer = await page.request.post(new URL(unescapeHtml(action), authorizeUrl).href, {
    form,
    maxRedirects: 0,
  });
  const location = answer.headers()['location'];
  if (!location) throw new Error(`The consent page answered ${answer.status()}: ${await answer.text()}`);
  return new URL(location);
}

/**
 * Connects the signed-in member to a new account of their own on `network` (made in the sandbox,
 * so no other spec posts to it or has it revoked), through the same OAuth round trip as the
 * Settings screen, over HTTP with this browser's session and cookies: the connecting screens have
 * their own test (e2e/04).
 */
export async function connectNewAccount(page: Page, network: 'x' | 'linkedin'): Promise<Connection> {
  const made = await page.request.post(`${sandbox}/_sandbox/accounts`, {
    data: { network, count: 1, prefix: `e2e${network}` },
  });
  expect(made.status(), await made.text()).toBe(201);
  const [account] = ((await made.json()) as { accounts: { id: string }[] }).accounts;
  if (!account) throw new Error(`The sandbox made no ${network} account`);
  return connectAccount(page, network, account.id);
}

/**
 * Connects (or reconnects) the signed-in member to the sandbox's account `accountId` on `network`,
 * over HTTP as connectNewAccount does.
 */
export async function connectAccount(
  page: Page,
  network: 'x' | 'linkedin',
  accountId: string,
): Promise<Connection> {
  const account = { id: accountId };
  const headers = await authHeaders(page);
  let finished;
  if (network === 'x') {
    const start = await page.request.get('/api/social/twitter/authorizeurl', { headers });
    expect(start.status(), await start.text()).toBe(200);
    const back = await consent(page, ((await start.json()) as { url: string }).url, account.id);
    finished = await page.request.post('/api/social/twitter/authenticate', {
      headers,
      data: {
        oauth_token: back.searchParams.get('oauth_token'),
        oauth_verifier: back.searchParams.get('oauth_verifier'),
      },
    });
  } else {
    // The browser's own state, as the Settings screen makes it: 20 letters or digits.
    const state = randomBytes(10).toString('hex');
    const start = await page.request.get(`/api/social/linkedin/authorizeurl?state=${state}`, { headers });
    expect(start.status(), await start.text()).toBe(200);
    const back = await consent(page, ((await start.json()) as { url: string }).url, account.id);
    finished = await page.request.post('/api/social/linkedin/authenticate', {
      headers,
      data: { code: back.searchParams.get('code'), state: back.searchParams.get('state') },
    });
  }
  expect(finished.status(), await finished.text()).toBe(200);
  const connected = (await connections(page)).find(
    (c) => c.network === network && c.accountId === account.id && c.status === 'connected',
  );
  if (!connected) throw new Error(`${network} account ${account.id} did not connect`);
  return connected;
}

/**
 * The signed-in member's connected account on `network`: the one they have, else a new account of
 * their own (connectNewAccount). For a spec's own member, whose accounts only it makes.
 */
export async function ensureOwnAccount(page: Page, network: 'x' | 'linkedin'): Promise<Connection> {
  const existing = (await connections(page)).find((c) => c.network === network && c.status === 'connected');
  return existing ?? connectNewAccount(page, network);
}
