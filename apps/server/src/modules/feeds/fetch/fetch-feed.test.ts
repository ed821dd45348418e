import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { classifyAddress } from './address-policy.js';
import { fetchFeedWith, type FetchSeams } from './fetch-feed.js';
import { systemResolver } from './guarded-request.js';
import { FeedFetchError, fetchFeed, type FeedFetchErrorCode, type FeedFetchOptions } from './index.js';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
const STRENGTH = fixture('strength.rss');
const ETAG = '"strength-v1"';
const LAST_MODIFIED = 'Mon, 02 Jun 2025 07:30:00 GMT';

interface Listener {
  /** http://host:port, IPv6 hosts bracketed. */
  origin: string;
  port: number;
  /** TCP connections accepted so far. */
  connections: number;
  /** Requests whose client went away before the response ended. */
  clientGone: number;
  requests: IncomingMessage[];
  close(): Promise<void>;
}

/** A loopback HTTP server that counts every TCP connection it accepts. */
async function listen(host: string, handler: RequestListener): Promise<Listener> {
  const server = createServer((req, res) => {
    listener.requests.push(req);
    res.on('close', () => {
      if (!res.writableFinished) listener.clientGone += 1;
    });
    handler(req, res);
  });
  server.on('connection', () => {
    listener.connections += 1;
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, resolve);
  });
  const { port } = server.address() as AddressInfo; // a TCP listen always yields AddressInfo
  const listener: Listener = {
    origin: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    connections: 0,
    clientGone: 0,
    requests: [],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return listener;
}

function sendFeed(req: IncomingMessage, res: ServerResponse) {
  if (req.headers['if-none-match'] === ETAG || req.headers['if-modified-since'] === LAST_MODIFIED) {
    res.writeHead(304, { etag: ETAG }).end();
    return;
  }
  res.writeHead(200, { 'content-type': 'application/rss+xml', etag: ETAG, 'last-modified': LAST_MODIFIED });
  res.end(STRENGTH);
}

/** Every way a feed server can behave, one path each. */
const routes: Record<string, RequestListener> = {
  '/strength.rss': sendFeed,
  '/recovery.json': (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/feed+json' }).end(fixture('recovery.json'));
  },
  '/gzip.atom': (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/atom+xml', 'content-encoding': 'gzip' });
    res.end(gzipSync(fixture('mobility.atom')));
  },
  '/broken.rss': (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(fixture('malformed.rss'));
  },
  '/declared-huge': (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/rss+xml', 'content-length': String(50 * 1024 * 1024) });
    res.write('<rss>');
  },
  '/endless': (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/rss+xml' });
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const pump = () => {
      if (res.destroyed) return;
      while (res.write(chunk));
      res.once('drain', pump);
    };
    pump();
  },
  '/gzip-bomb': (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/rss+xml', 'content-encoding': 'gzip' });
    res.end(gzipSync(Buffer.alloc(20 * 1024 * 1024, ' ')));
  },
  '/corrupt-gzip': (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/rss+xml', 'content-encoding': 'gzip' });
    res.end(Buffer.from('this is not gzip at all'));
  },
  '/slow-body': (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/rss+xml' });
    res.write('<?xml version="1.0"?><rss version="2.0"><channel>');
  },
  '/no-answer': () => undefined,
  '/missing': (_req, res) => {
    res.writeHead(404).end('gone');
  },
  '/broken-server': (_req, res) => {
    res.writeHead(503).end();
  },
  '/page': (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><html><body>Hi</body></html>');
  },
  '/redirect-nowhere': (_req, res) => {
    res.writeHead(302).end();
  },
};

/** `/hops/N` redirects N times (relative locations) before landing on the feed. */
function feedServer(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://x.invalid');
  const hops = /^\/hops\/(\d+)$/.exec(url.pathname);
  if (hops) {
    const left = Number(hops[1]);
    res
      .writeHead(left === 3 ? 301 : 307, { location: left > 1 ? `/hops/${left - 1}` : '/strength.rss' })
      .end();
    return;
  }
  if (url.pathname === '/redirect') {
    res.writeHead(302, { location: url.searchParams.get('to') ?? '/' }).end();
    return;
  }
  const route = routes[url.pathname];
  if (route) return route(req, res);
  res.writeHead(404).end();
}

async function fetchError(promise: Promise<unknown>): Promise<FeedFetchError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof FeedFetchError) return error;
    throw error;
  }
  throw new Error('expected the fetch to fail');
}

async function expectCode(promise: Promise<unknown>, code: FeedFetchErrorCode): Promise<FeedFetchError> {
  const error = await fetchError(promise);
  expect(error.code, error.message).toBe(code);
  return error;
}

describe('fetchFeed with loopback allowed (the sandbox and the tests)', () => {
  let server: Listener;
  const allow: FeedFetchOptions = { allowLoopback: true };

  beforeAll(async () => {
    server = await listen('127.0.0.1', feedServer);
  });
  afterAll(() => server.close());

  it('fetches and parses RSS, returning the validators for the next conditional GET', async () => {
    const result = await fetchFeed(`${server.origin}/strength.rss`, allow);
    expect(result).toMatchObject({ status: 'ok', title: 'Iron & Intent — Strength Coaching', etag: ETAG });
    if (result.status !== 'ok') throw new Error('expected ok');
    expect(result.lastModified).toBe(LAST_MODIFIED);
    expect(result.items).toHaveLength(4);
    expect(result.items[1]?.link).toBe(`${server.origin}/articles/hinge-progressions`);
    const request = server.requests.at(-1);
    expect(request?.headers['user-agent']).toMatch(/FitPost/);
    expect(request?.headers['accept']).toContain('application/rss+xml');
  });

  it('sends If-None-Match and If-Modified-Since and reports 304 as not modified', async () => {
    expect(await fetchFeed(`${server.origin}/strength.rss`, { ...allow, etag: ETAG })).toEqual({
      status: 'not_modified',
    });
    expect(server.requests.at(-1)?.headers['if-none-match']).toBe(ETAG);
    expect(
      await fetchFeed(`${server.origin}/strength.rss`, {
        ...allow,
        etag: '"old"',
        lastModified: LAST_MODIFIED,
      }),
    ).toEqual({ status: 'not_modified' });
    expect(server.requests.at(-1)?.headers['if-modified-since']).toBe(LAST_MODIFIED);
    const changed = await fetchFeed(`${server.origin}/strength.rss`, { ...allow, etag: '"old"' });
    expect(changed.status).toBe('ok');
  });

  it('reads JSON Feed and gzip-compressed Atom', async () => {
    const json = await fetchFeed(`${server.origin}/recovery.json`, allow);
    expect(json).toMatchObject({ status: 'ok', title: 'Recovery Lab', etag: null, lastModified: null });
    const atom = await fetchFeed(`${server.origin}/gzip.atom`, allow);
    expect(atom).toMatchObject({ status: 'ok', title: 'Mobility Matters' });
    expect(server.requests.at(-1)?.headers['accept-encoding']).toContain('gzip');
  });

  it('refuses malformed XML and web pages with a clear error and no items', async () => {
    const broken = await expectCode(fetchFeed(`${server.origin}/broken.rss`, allow), 'feed.malformed');
    expect(broken.message).toBe('This feed is not well-formed XML, so nothing was imported.');
    await expectCode(fetchFeed(`${server.origin}/page`, allow), 'feed.malformed');
    const corrupt = await expectCode(fetchFeed(`${server.origin}/corrupt-gzip`, allow), 'feed.malformed');
    expect(corrupt.message).toBe("The feed's compressed data is corrupt, so nothing was imported.");
  });

  it('refuses a body whose Content-Length is over the cap without reading it', async () => {
    const error = await expectCode(fetchFeed(`${server.origin}/declared-huge`, allow), 'feed.too_large');
    expect(error.message).toBe('This feed is larger than 5 MB, the most FitPost reads.');
  });

  it('stops reading a streamed body as soon as it passes the cap, compressed or not', async () => {
    const gone = server.clientGone;
    await expectCode(
      fetchFeed(`${server.origin}/endless`, { ...allow, maxBytes: 256 * 1024 }),
      'feed.too_large',
    );
    await expectCode(
      fetchFeed(`${server.origin}/gzip-bomb`, { ...allow, maxBytes: 1024 * 1024 }),
      'feed.too_large',
    );
    await expect.poll(() => server.clientGone).toBeGreaterThan(gone);
  });

  it('gives up when the whole fetch takes longer than the time limit', async () => {
    const slow = await expectCode(
      fetchFeed(`${server.origin}/slow-body`, { ...allow, timeoutMs: 300 }),
      'feed.timeout',
    );
    expect(slow.message).toBe("The feed's server did not send the whole feed within 0.3 seconds.");
    await expectCode(fetchFeed(`${server.origin}/no-answer`, { ...allow, timeoutMs: 300 }), 'feed.timeout');
  });

  it('follows up to three redirects, re-checking each, and refuses a fourth', async () => {
    const followed = await fetchFeed(`${server.origin}/hops/3`, allow);
    expect(followed.status).toBe('ok');
    const error = await expectCode(fetchFeed(`${server.origin}/hops/4`, allow), 'feed.too_many_redirects');
    expect(error.message).toBe('This feed redirects more than 3 times, so FitPost stopped following it.');
    await expectCode(
      fetchFeed(`${server.origin}/hops/2`, { ...allow, maxRedirects: 1 }),
      'feed.too_many_redirects',
    );
    await expectCode(fetchFeed(`${server.origin}/redirect-nowhere`, allow), 'feed.http_error');
  });

  it('refuses redirects to other schemes and to private or metadata addresses even with loopback allowed', async () => {
    const redirect = (to: string) => `${server.origin}/redirect?to=${encodeURIComponent(to)}`;
    const file = await expectCode(fetchFeed(redirect('file:///etc/passwd'), allow), 'feed.bad_url');
    expect(file.message).toMatch(/^This feed redirects to an address that uses file:/);
    const metadata = await expectCode(
      fetchFeed(redirect('http://169.254.169.254/latest/meta-data/'), allow),
      'feed.blocked_address',
    );
    expect(metadata.message).toBe(
      "This feed redirects to an address that points to a cloud provider's internal metadata service, which FitPost does not fetch.",
    );
    await expectCode(fetchFeed(redirect('http://10.0.0.1/feed'), allow), 'feed.blocked_address');
  });

  it('still refuses private, link-local and metadata addresses with loopback allowed', async () => {
    for (const url of [
      'http://10.0.0.1/',
      'http://192.168.1.20/',
      'http://169.254.169.254/',
      'http://[fd00::1]/',
    ]) {
      await expectCode(fetchFeed(url, allow), 'feed.blocked_address');
    }
  });

  it('reports HTTP errors and refused connections in plain words', async () => {
    const missing = await expectCode(fetchFeed(`${server.origin}/missing`, allow), 'feed.http_error');
    expect(missing.message).toBe("The feed's server answered 404 Not Found instead of the feed.");
    await expectCode(fetchFeed(`${server.origin}/broken-server`, allow), 'feed.http_error');
    const closed = await listen('127.0.0.1', () => undefined);
    await closed.close();
    const refused = await expectCode(fetchFeed(`${closed.origin}/feed`, allow), 'feed.unreachable');
    expect(refused.message).toBe("The feed's server refused the connection.");
  });

  it('resolves host names through the guard and connects to the checked address', async () => {
    const result = await fetchFeed(`http://localhost:${server.port}/recovery.json`, allow);
    expect(result.status).toBe('ok');
  });

  it('reports a name that does not resolve as unreachable', async () => {
    const error = await expectCode(
      fetchFeedWith('http://feeds.nowhere.test/rss', allow, {
        classify: classifyAddress,
        resolve: () =>
          Promise.reject(Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' })),
      }),
      'feed.unreachable',
    );
    expect(error.message).toBe(
      "FitPost could not find the feed's server: the name feeds.nowhere.test does not resolve.",
    );
  });
});

describe('the SSRF guard with loopback not allowed (production)', () => {
  /** Serves a perfectly good feed: any connection that got through would succeed, so refusals prove the guard. */
  let target: Listener;
  let target6: Listener | null;
  /** A stand-in for a public site (127.0.0.2 is treated as public through the seam) that redirects. */
  let publicSite: Listener;
  const refuse: FeedFetchOptions = { allowLoopback: false, timeoutMs: 5000 };
  const seams: FetchSeams = {
    resolve: systemResolver,
    classify: (address) => (address === '127.0.0.2' ? 'public' : classifyAddress(address)),
  };

  beforeAll(async () => {
    target = await listen('127.0.0.1', feedServer);
    // Not every machine has IPv6 loopback; where it is missing, nothing can connect to it either.
    target6 = await listen('::1', feedServer).catch(() => null);
    publicSite = await listen('127.0.0.2', feedServer);
  });
  afterAll(async () => {
    await target.close();
    await target6?.close();
    await publicSite.close();
  });
  afterEach(() => {
    // Every test ends with the loopback listeners having accepted nothing at all.
    expect(target.connections).toBe(0);
    expect(target6?.connections ?? 0).toBe(0);
  });

  it.each([
    ['127.0.0.1', (port: number) => `http://127.0.0.1:${port}/strength.rss`],
    ['127.1', (port: number) => `http://127.1:${port}/strength.rss`],
    ['0x7f000001', (port: number) => `http://0x7f000001:${port}/strength.rss`],
    ['2130706433', (port: number) => `http://2130706433:${port}/strength.rss`],
    ['0177.0.0.1 (octal)', (port: number) => `http://0177.0.0.1:${port}/strength.rss`],
    ['[::1]', (port: number) => `http://[::1]:${port}/strength.rss`],
    ['[::ffff:127.0.0.1]', (port: number) => `http://[::ffff:127.0.0.1]:${port}/strength.rss`],
    ['localhost (a name resolving to loopback)', (port: number) => `http://localhost:${port}/strength.rss`],
  ])('refuses %s', async (_name, url) => {
    const error = await expectCode(fetchFeed(url(target.port), refuse), 'feed.blocked_address');
    expect(error.message).toBe(
      "This feed's address points to this server itself (a loopback address), which FitPost does not fetch.",
    );
  });

  it.each([
    ['169.254.169.254', 'http://169.254.169.254/latest/meta-data/iam/', 'metadata service'],
    ['10.0.0.1', 'http://10.0.0.1/feed.xml', 'private network'],
  ])('refuses %s before connecting', async (_name, url, where) => {
    const started = performance.now();
    // A generous deadline: only a refusal before any connection attempt can fail this fast with this code.
    const error = await expectCode(fetchFeed(url, { ...refuse, timeoutMs: 60_000 }), 'feed.blocked_address');
    expect(error.message).toContain(where);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('refuses a name whose DNS answer is loopback, private or metadata, or mixes in one such address', async () => {
    const resolveTo =
      (...addresses: string[]): FetchSeams['resolve'] =>
      () =>
        Promise.resolve(
          addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }) as const),
        );
    const cases: [string[], string][] = [
      [['127.0.0.1'], 'loopback'],
      [['::1'], 'loopback'],
      [['::ffff:7f00:1'], 'loopback'],
      [['169.254.169.254'], 'metadata'],
      [['fd00:ec2::254'], 'metadata'],
      [['10.1.2.3'], 'private network'],
      [['93.184.215.14', '127.0.0.1'], 'loopback'],
    ];
    for (const [addresses, where] of cases) {
      const error = await expectCode(
        fetchFeedWith(`http://feeds.rebind.test:${target.port}/strength.rss`, refuse, {
          ...seams,
          resolve: resolveTo(...addresses),
        }),
        'feed.blocked_address',
      );
      expect(error.message).toContain(where);
    }
  });

  it('refuses a redirect from an allowed site to loopback, by address or by name', async () => {
    const via = (to: string) => `${publicSite.origin}/redirect?to=${encodeURIComponent(to)}`;
    // The seam lets the first hop through, proving the redirect is what gets refused.
    expect((await fetchFeedWith(`${publicSite.origin}/strength.rss`, refuse, seams)).status).toBe('ok');
    for (const to of [
      `http://127.0.0.1:${target.port}/strength.rss`,
      `http://localhost:${target.port}/strength.rss`,
      `http://[::1]:${target.port}/strength.rss`,
    ]) {
      const error = await expectCode(fetchFeedWith(via(to), refuse, seams), 'feed.blocked_address');
      expect(error.message).toMatch(/^This feed redirects to an address that points to this server itself/);
    }
    expect(publicSite.connections).toBeGreaterThan(0);
  });

  it.each([
    ['file:', 'file:///etc/passwd'],
    ['gopher:', `gopher://127.0.0.1:70/_GET%20/`],
    ['ftp:', 'ftp://127.0.0.1/feed.xml'],
    ['data:', 'data:application/rss+xml,<rss/>'],
    ['javascript:', 'javascript:alert(1)'],
  ])('refuses %s URLs', async (scheme, url) => {
    const error = await expectCode(fetchFeed(url, refuse), 'feed.bad_url');
    expect(error.message).toBe(
      `This feed's address uses ${scheme}, but FitPost only fetches http and https feeds.`,
    );
  });

  it('refuses addresses that are not URLs or carry credentials', async () => {
    await expectCode(fetchFeed('not a url', refuse), 'feed.bad_url');
    await expectCode(fetchFeed('https://user:secret@feeds.example.com/rss', refuse), 'feed.bad_url');
  });
});
