/** Test helpers for code that signs in through the sandbox: a cookie-aware, redirect-by-hand fetch. */
import { createHash, randomBytes } from 'node:crypto';

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
