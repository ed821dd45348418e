/** Test helpers for code that signs in through the sandbox: a cookie-aware, redirect-by-hand fetch. */
import { createHash, randomBytes } from 'node:crypto';

import type { CaughtMail, MailFault } from './mail/catcher.js';
import type { BulkAccounts, BulkAccountsRequest } from './networks/accounts.js';
import type { FaultRequest } from './networks/faults.js';
import type { NetworkName } from './networks/network-names.js';
import type { PublishedEntry } from './networks/published-log.js';

interface StoredCookie {
  name: string;
  value: string;
  path: string;
}

/**
 * Just enough of a browser for the sign-in flow: a cookie jar honouring cookie paths (oidc-provider scopes
 * its interaction cookies to one path) and redirects followed by hand, so each hop can be inspected.
 */
export class TestBrowser {
  private cookies: StoredCookie[] = [];

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const target = new URL(url);
    const headers = new Headers(init.headers);
    const cookieHeader = this.cookies
      .filter(
        (cookie) => target.pathname === cookie.path || target.pathname.startsWith(withSlash(cookie.path)),
      )
      .map((cookie) => `${cookie.name}=${cookie.value}`)
      .join('; ');
    if (cookieHeader) headers.set('cookie', cookieHeader);
    const response = await fetch(target, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) this.store(line);
    return response;
  }

  /** Posts an HTML form the way a browser would. */
  async submitForm(url: string, fields: Record<string, string>): Promise<Response> {
    return this.request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
  }

  /** Follows redirects from `response` until one leads to `stopAt` (not fetched) or a page is reached. */
  async follow(
    response: Response,
    base: string,
    stopAt: string,
  ): Promise<{ response: Response; location?: URL }> {
    let current = response;
    let currentUrl = base;
    for (let hop = 0; hop < 10; hop += 1) {
      const location = current.headers.get('location');
      if (current.status < 300 || current.status >= 400 || !location) return { response: current };
      const next = new URL(location, currentUrl);
      if (next.href.startsWith(stopAt)) return { response: current, location: next };
      currentUrl = next.href;
      current = await this.request(currentUrl);
    }
    throw new Error('too many redirects');
  }

  private store(line: string): void {
    const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
    const separator = pair.indexOf('=');
    const name = pair.slice(0, separator);
    const value = pair.slice(separator + 1);
    const attribute = (key: string) =>
      attributes.find((item) => item.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1);
    const path = attribute('path') ?? '/';
    const expires = attribute('expires');
    const expired = value === '' || (expires !== undefined && Date.parse(expires) <= Date.now());
    this.cookies = this.cookies.filter((cookie) => !(cookie.name === name && cookie.path === path));
    if (!expired) this.cookies.push({ name, value, path });
  }
}

function withSlash(path: string): string {
  return path.endsWith('/') ? path : `${path}/`;
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export function randomValue(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * Plays a member at the sandbox's sign-in page: opens `authorizeUrl`, submits the credentials and
 * returns the redirect back to the client (under `redirectUri`, not fetched), with code and state.
 */
export async function signInAt(
  authorizeUrl: string,
  redirectUri: string,
  email: string,
  password = 'fitpost',
) {
  const browser = new TestBrowser();
  const start = await browser.request(authorizeUrl);
  const { response: page, location: early } = await browser.follow(start, authorizeUrl, redirectUri);
  if (early) return early;
  const pageUrl = new URL(start.headers.get('location') ?? authorizeUrl, authorizeUrl).href;
  const html = await page.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`no sign-in form at ${pageUrl} (status ${page.status})`);
  const posted = await browser.submitForm(new URL(action, pageUrl).href, { email, password });
  const { location } = await browser.follow(posted, pageUrl, redirectUri);
  if (!location) throw new Error(`sign-in did not return to ${redirectUri} (status ${posted.status})`);
  return location;
}

const HTML_ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

function unescapeHtml(value: string): string {
  return value.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => HTML_ENTITIES[entity] ?? entity);
}

/** A social network's consent page as the sandbox renders it: its form and the accounts it offers. */
export interface ConsentForm {
  action: string;
  hidden: Record<string, string>;
  accountIds: string[];
  selectedAccountId: string | undefined;
}

/** Reads the consent page the sandbox's X, LinkedIn and Facebook stand-ins show. */
export function parseConsentPage(html: string, pageUrl: string): ConsentForm {
  const action = /<form method="post" action="([^"]*)"/.exec(html)?.[1];
  if (action === undefined) throw new Error(`no consent form at ${pageUrl}`);
  const hidden: Record<string, string> = {};
  for (const [, name = '', value = ''] of html.matchAll(
    /<input type="hidden" name="([^"]*)" value="([^"]*)">/g,
  )) {
    hidden[unescapeHtml(name)] = unescapeHtml(value);
  }
  const options = [...html.matchAll(/<option value="([^"]*)"( selected)?>/g)];
  return {
    action: new URL(unescapeHtml(action), pageUrl).href,
    hidden,
    accountIds: options.map((option) => unescapeHtml(option[1] ?? '')),
    selectedAccountId: options.find((option) => option[2])?.[1],
  };
}

/**
 * Plays a member at a social network's consent page: opens `authorizeUrl`, picks the account (the page's
 * default, the coach's, unless `accountId` is given), clicks Allow or Cancel, and returns the redirect back
 * to the app (not fetched).
 */
export async function answerConsent(
  authorizeUrl: string,
  options: { accountId?: string; decision?: 'allow' | 'cancel' } = {},
): Promise<URL> {
  const page = await fetch(authorizeUrl, { redirect: 'manual' });
  if (page.status !== 200) throw new Error(`consent page ${authorizeUrl} answered ${page.status}`);
  const form = parseConsentPage(await page.text(), authorizeUrl);
  const account = options.accountId ?? form.selectedAccountId ?? '';
  const posted = await fetch(form.action, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...form.hidden, account, decision: options.decision ?? 'allow' }).toString(),
  });
  const location = posted.headers.get('location');
  if (posted.status !== 303 || !location) throw new Error(`consent form answered ${posted.status}`);
  return new URL(location, form.action);
}

async function control(url: string, init: RequestInit, expected: number): Promise<Response> {
  const response = await fetch(url, init);
  if (response.status !== expected) {
    throw new Error(`${init.method ?? 'GET'} ${url} answered ${response.status}: ${await response.text()}`);
  }
  return response;
}

/** Makes the next publish call(s) on a network fail (`POST /_sandbox/faults`). */
export async function injectFault(sandboxUrl: string, fault: FaultRequest): Promise<void> {
  await control(
    `${sandboxUrl}/_sandbox/faults`,
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(fault) },
    201,
  );
}

/** Forgets every pending fault. */
export async function clearFaults(sandboxUrl: string): Promise<void> {
  await control(`${sandboxUrl}/_sandbox/faults`, { method: 'DELETE' }, 204);
}

/** Every post the networks accepted, oldest first (`GET /_sandbox/published`). */
export async function publishedPosts(
  sandboxUrl: string,
  filter: { network?: NetworkName; since?: string } = {},
): Promise<PublishedEntry[]> {
  const query = new URLSearchParams(
    Object.entries(filter).filter((entry): entry is [string, string] => !!entry[1]),
  );
  const response = await control(`${sandboxUrl}/_sandbox/published?${query.toString()}`, {}, 200);
  // The sandbox's own answer, in the shape its route serialises.
  return (await response.json()) as PublishedEntry[];
}

/** Adds connected accounts in bulk (`POST /_sandbox/accounts`), with their credentials. */
export async function createBulkAccounts<N extends NetworkName>(
  sandboxUrl: string,
  request: BulkAccountsRequest & { network: N },
): Promise<BulkAccounts<N>> {
  const response = await control(
    `${sandboxUrl}/_sandbox/accounts`,
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(request) },
    201,
  );
  // The sandbox's own answer for this network, in the shape its factory returns.
  const body = (await response.json()) as { accounts: BulkAccounts<N> };
  return body.accounts;
}

/** Moves the clock posts' metrics grow on forward (`POST /_sandbox/metrics-clock`), to age published posts. */
export async function advanceMetricsClock(sandboxUrl: string, seconds: number): Promise<void> {
  await control(
    `${sandboxUrl}/_sandbox/metrics-clock`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advanceSeconds: seconds }),
    },
    200,
  );
}

/** Puts the metrics clock back on real time. */
export async function resetMetricsClock(sandboxUrl: string): Promise<void> {
  await control(`${sandboxUrl}/_sandbox/metrics-clock`, { method: 'DELETE' }, 200);
}

export { engagementAt, type Engagement } from './networks/engagement.js';
/** What the SMTP catcher holds (`GET /_sandbox/mail`): accepted messages, oldest first, for `to` if given. */
export async function caughtMail(
  sandboxUrl: string,
  to?: string,
): Promise<{ messages: CaughtMail[]; total: number; held: number; dropped: number }> {
  const query = to ? `?to=${encodeURIComponent(to)}` : '';
  const response = await control(`${sandboxUrl}/_sandbox/mail${query}`, {}, 200);
  // The sandbox's own answer, in the shape its route serialises.
  return (await response.json()) as { messages: CaughtMail[]; total: number; held: number; dropped: number };
}

/** Forgets every caught message. */
export async function clearMail(sandboxUrl: string): Promise<void> {
  await control(`${sandboxUrl}/_sandbox/mail`, { method: 'DELETE' }, 204);
}

/** Makes the catcher hold or refuse messages (`POST /_sandbox/mail/faults`). */
export async function injectMailFault(sandboxUrl: string, fault: MailFault): Promise<void> {
  await control(
    `${sandboxUrl}/_sandbox/mail/faults`,
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(fault) },
    201,
  );
}

/** Clears the catcher's faults, accepting the messages it held. */
export async function clearMailFaults(sandboxUrl: string): Promise<void> {
  await control(`${sandboxUrl}/_sandbox/mail/faults`, { method: 'DELETE' }, 204);
}
