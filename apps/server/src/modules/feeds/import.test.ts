import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ContentPage, Feed, FeedConsumeResult } from '@fitpost/contract';
import { startSandbox, type Sandbox } from '@fitpost/sandbox';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { contentItems, feeds } from '../../db/schema-library.js';
import { makeUser, startTestApp, type TestApp } from '../../test/harness.js';
import { call, type TestUser } from '../../test/library.js';
import { refreshFeed } from './import.js';
import { refreshDueFeeds, startFeedWorker } from './jobs.js';

let sandbox: Sandbox;
let broken: Server;
let brokenUrl: string;
let t: TestApp;
let admin: TestUser;
let coach: TestUser;
let colleague: TestUser;
let otherCoach: TestUser;

/** Items whose summaries make health claims (issue 30), and one that does not. */
const claimItems = [
  ['detox', 'Our 7-day detox resets your body.'],
  ['cure', 'This stretch cures back pain for good.'],
  ['own-phrase', 'A fat-burning circuit for Monday.'],
  ['clean', 'Five squat cues for better depth.'],
];
const claimsFeed = `<?xml version="1.0"?><rss version="2.0"><channel><title>Claims</title>${claimItems
  .map(
    ([guid, text]) =>
      `<item><guid>${guid}</guid><title>${guid}</title><link>https://example.org/${guid}</link><description>${text}</description></item>`,
  )
  .join('')}</channel></rss>`;

/**
 * A loopback server answering a truncated RSS document, at /claims.rss items with health claims, as a broken publisher would, and at
 * /odd.json a JSON Feed with a NUL in an id and in a text, and dates of year 0000 and 275760.
 */
async function startBrokenFeedServer() {
  const server = createServer((req, res) => {
    if (req.url === '/claims.rss') {
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      res.end(claimsFeed);
      return;
    }
    if (req.url === '/odd.json') {
      res.writeHead(200, { 'content-type': 'application/feed+json' });
      res.end(readFileSync(new URL('./fetch/fixtures/odd-items.json', import.meta.url)));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/rss+xml' });
    res.end('<?xml version="1.0"?><rss version="2.0"><channel><title>Half</title><item><title>Cut off');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/feed.xml` };
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, redirectUris: ['http://localhost:3000/oauth'] });
  ({ server: broken, url: brokenUrl } = await startBrokenFeedServer());
  t = await startTestApp({ FITPOST_FEEDS_ALLOW_LOOPBACK: 'true' });
  admin = await makeUser(t, { admin: true });
  coach = await makeUser(t);
  colleague = await makeUser(t);
  otherCoach = await makeUser(t, { portalId: 2 });
});
afterAll(async () => {
  await t.close();
  await sandbox.close();
  await new Promise((resolve) => broken.close(resolve));
});

async function addFeed(who: TestUser, payload: Record<string, unknown>) {
  const res = await call(t, who, { method: 'POST', url: '/api/feed', payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Feed>();
}
async function consume(who: TestUser, userId = who.user.id) {
  const res = await call(t, who, { url: `/api/feed/consume/${userId}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<FeedConsumeResult>();
}
const itemsOf = async (feedId: string) =>
  (await t.db.select({ n: count() }).from(contentItems).where(eq(contentItems.feedId, feedId)))[0]?.n ?? 0;
const feedRow = async (id: string) => (await t.db.select().from(feeds).where(eq(feeds.id, id)))[0];

describe('health claims of imported items (issue 30)', () => {
  it('stores each new item’s warnings with the portal’s rules, so the admin’s list can filter on them', async () => {
    const portalAdmin = await makeUser(t, { admin: true, portalId: 3 });
    const portalCoach = await makeUser(t, { portalId: 3 });
    const current = await call(t, portalAdmin, { url: '/api/settings/organisation' });
    const { defaults: _d, changes: _c, ...body } = current.json<Record<string, unknown>>();
    const rules = await call(t, portalAdmin, {
      method: 'PUT',
      url: '/api/settings/organisation',
      payload: {
        ...body,
        claimRulesOff: ['detox'],
        claimPhrases: [{ phrase: 'fat-burning', suggestion: '' }],
      },
    });
    expect(rules.statusCode, rules.body).toBe(200);
    const url = brokenUrl.replace('/feed.xml', '/claims.rss');
    const system = await addFeed(portalAdmin, { name: 'Claims (system)', url, isSystem: true });
    const own = await addFeed(portalCoach, { name: 'Claims (mine)', url });
    const deps = { db: t.db, fetch: { allowLoopback: true } };
    for (const feed of [system, own]) {
      const row = await feedRow(feed.id);
      if (!row) throw new Error('no feed');
      expect(await refreshFeed(deps, row)).toMatchObject({ status: 'ok', imported: 4 });
    }
    const stored = await t.db
      .select({
        feedId: contentItems.feedId,
        guid: contentItems.feedGuid,
        warnings: contentItems.claimWarnings,
      })
      .from(contentItems)
      .where(eq(contentItems.portalId, 3));
    const warningsOf = (feedId: string) =>
      Object.fromEntries(
        stored
          .filter((r) => r.feedId === feedId)
          .map((r) => [r.guid, r.warnings.map((w) => `${w.rule}: ${w.phrase}`)]),
      );
    // The organisation switched detox off and added its own phrase; the member's own feed is checked alike.
    const expected = {
      detox: [],
      cure: ['cure: cures back pain'],
      'own-phrase': ['organisation: fat-burning'],
      clean: [],
    };
    expect(warningsOf(system.id)).toEqual(expected);
    expect(warningsOf(own.id)).toEqual(expected);

    const flagged = await call(t, portalAdmin, {
      url: '/api/content?type=feed&hasWarnings=true&pagesize=100',
    });
    expect(flagged.statusCode, flagged.body).toBe(200);
    expect(
      flagged
        .json<ContentPage>()
        .items.map((i) => i.title)
        .sort(),
    ).toEqual(['cure', 'own-phrase']);
    expect(flagged.json<ContentPage>().items[0]?.warnings).toHaveLength(1);

    // Read again (no validators), nothing is new: nothing is checked or written again.
    const row = await feedRow(system.id);
    if (!row) throw new Error('no feed');
    expect(await refreshFeed(deps, { ...row, etag: null, lastModified: null })).toMatchObject({
      imported: 0,
    });
  });
});

describe('GET /api/feed/consume/{userId}', () => {
  it("imports RSS, Atom and JSON Feed items: the member's privately, system feeds for the portal", async () => {
    const system = await addFeed(admin, {
      name: 'Strength (system)',
      url: `${sandbox.url}/feeds/strength.rss`,
      isSystem: true,
    });
    const atom = await addFeed(coach, { name: 'Nutrition', url: `${sandbox.url}/feeds/nutrition.atom` });
    const json = await addFeed(coach, { name: 'Recovery', url: `${sandbox.url}/feeds/recovery.json` });

    const result = await consume(coach);
    expect(result.feeds.map((f) => [f.name, f.status, f.imported])).toEqual([
      ['Strength (system)', 'ok', 25],
      ['Nutrition', 'ok', 20],
      ['Recovery', 'ok', 15],
    ]);
    expect(result.imported).toBe(60);

    const listed = await call(t, coach, { url: '/api/feed' });
    const byName = new Map(listed.json<Feed[]>().map((f) => [f.name, f]));
    expect(byName.get('Nutrition')).toMatchObject({ lastStatus: 'ok', itemCount: 20, lastError: null });
    expect(byName.get('Nutrition')?.lastFetchedAt).toEqual(expect.any(String));

    // The member sees all 60; a colleague sees only the system feed's; portal 2 none.
    const page = await call(t, coach, { url: '/api/content?type=feed&pagesize=100' });
    expect(page.json<ContentPage>().total).toBe(60);
    const card = page.json<ContentPage>().items.find((i) => i.feed?.id === atom.id);
    expect(card).toMatchObject({
      type: 'feed',
      feed: { id: atom.id, name: 'Nutrition', isSystem: false },
      graphicUrl: expect.stringMatching(/^http:\/\/localhost:3000\/feed-images\/[0-9a-f-]{36}$/),
      link: expect.stringContaining('/feeds/articles/'),
    });
    expect(card?.body.length).toBeGreaterThan(20);
    const colleagueView = await call(t, colleague, { url: '/api/content?type=feed&pagesize=100' });
    expect(colleagueView.json<ContentPage>().items.every((i) => i.feed?.id === system.id)).toBe(true);
    expect(colleagueView.json<ContentPage>().total).toBe(25);
    expect((await call(t, otherCoach, { url: '/api/content?type=feed' })).json<ContentPage>().total).toBe(0);
    expect(
      (await call(t, colleague, { url: `/api/content?feedId=${json.id}` })).json<ContentPage>().total,
    ).toBe(0);
  });

  it('imports nothing twice: unchanged feeds answer 304, changed ones dedupe by guid', async () => {
    const again = await consume(coach);
    expect(again.imported).toBe(0);
    // Coach is not an admin and the system feed was fetched just now, so it is not fetched again.
    expect(again.feeds.map((f) => f.status)).toEqual(['ok', 'not_modified', 'not_modified']);

    const [nutrition] = await t.db.select().from(feeds).where(eq(feeds.name, 'Nutrition'));
    if (!nutrition) throw new Error('no feed');
    // Forget the validators: the full feed arrives again and every item is already there.
    await t.db.update(feeds).set({ etag: null, lastModified: null }).where(eq(feeds.id, nutrition.id));
    const refetched = await refreshFeed(
      { db: t.db, fetch: { allowLoopback: true } },
      { ...nutrition, etag: null, lastModified: null },
    );
    expect(refetched).toMatchObject({ status: 'ok', imported: 0 });
    expect(await itemsOf(nutrition.id)).toBe(20);
  });

  it('stores a malformed feed as a clear error on the feed and imports nothing', async () => {
    const feed = await addFeed(coach, { name: 'Broken', url: brokenUrl });
    const result = await consume(coach);
    const outcome = result.feeds.find((f) => f.feedId === feed.id);
    expect(outcome).toMatchObject({ status: 'error', imported: 0, errorCode: 'feed.malformed' });
    expect(outcome?.error).toEqual(expect.any(String));
    expect(await itemsOf(feed.id)).toBe(0);
    const stored = await feedRow(feed.id);
    expect(stored).toMatchObject({ lastStatus: 'error', lastErrorCode: 'feed.malformed' });
    const listed = (await call(t, coach, { url: `/api/feed?userid=${coach.user.id}` })).json<Feed[]>();
    expect(listed.find((f) => f.id === feed.id)).toMatchObject({
      lastStatus: 'error',
      lastErrorCode: 'feed.malformed',
      lastError: outcome?.error,
      itemCount: 0,
    });
    await call(t, coach, { method: 'DELETE', url: `/api/feed/${feed.id}` });
  });

  it('imports each item it can, one with a NUL in its id or an impossible date included', async () => {
    const feed = await addFeed(coach, { name: 'Odd', url: brokenUrl.replace('/feed.xml', '/odd.json') });
    const outcome = (await consume(coach)).feeds.find((f) => f.feedId === feed.id);
    expect(outcome).toMatchObject({ status: 'ok', imported: 3, errorCode: null });
    const page = (
      await call(t, coach, { url: `/api/content?feedId=${feed.id}&sort=title` })
    ).json<ContentPage>();
    expect(page.items.map((i) => [i.title, i.body])).toEqual([
      ['Dated', ''],
      ['Lunges', 'Step forward'],
      ['Squat day', ''],
    ]);
    await call(t, coach, { method: 'DELETE', url: `/api/feed/${feed.id}` });
  });

  it('only lets the member themself, or an admin of the portal, refresh their feeds', async () => {
    const refused = await call(t, colleague, { url: `/api/feed/consume/${coach.user.id}` });
    expect(refused.statusCode).toBe(403);
    expect((await call(t, otherCoach, { url: `/api/feed/consume/${coach.user.id}` })).statusCode).toBe(403);
    const asAdmin = await consume(admin, coach.user.id);
    expect(asAdmin.feeds).toHaveLength(3);
    expect((await call(t, admin, { url: `/api/feed/consume/${otherCoach.user.id}` })).statusCode).toBe(404);
    expect((await call(t, coach, { url: '/api/feed/consume/nope' })).statusCode).toBe(400);
    expect((await call(t, null, { url: `/api/feed/consume/${coach.user.id}` })).statusCode).toBe(401);
  });
});

describe('fetch refusals', () => {
  it('stores a loopback refusal on the feed when the flag is off, importing nothing', async () => {
    const feed = await addFeed(colleague, { name: 'Loopback', url: `${sandbox.url}/feeds/recovery.json` });
    const [row] = await t.db.select().from(feeds).where(eq(feeds.id, feed.id));
    if (!row) throw new Error('no feed');
    const outcome = await refreshFeed({ db: t.db, fetch: { allowLoopback: false } }, row);
    expect(outcome).toMatchObject({ status: 'error', errorCode: 'feed.blocked_address', imported: 0 });
    expect(await feedRow(feed.id)).toMatchObject({
      lastStatus: 'error',
      lastErrorCode: 'feed.blocked_address',
    });
    expect(await itemsOf(feed.id)).toBe(0);
  });
});

describe('periodic refresh', () => {
  it('refreshes active feeds that are due, and only those', async () => {
    const due = await addFeed(colleague, { name: 'Due', url: `${sandbox.url}/feeds/large.rss?items=30` });
    const off = await addFeed(colleague, {
      name: 'Inactive',
      url: `${sandbox.url}/feeds/strength.rss`,
      isActive: false,
    });
    // Everything else was fetched moments ago; with a 30-minute interval only "Due" is due.
    const deps = { db: t.db, fetch: { allowLoopback: true } };
    expect(await refreshDueFeeds(deps, { staleAfterMs: 30 * 60_000 })).toBeGreaterThanOrEqual(1);
    expect(await itemsOf(due.id)).toBe(30);
    expect(await itemsOf(off.id)).toBe(0);
    expect(await refreshDueFeeds(deps, { staleAfterMs: 30 * 60_000 })).toBe(0);
  });

  it('runs as a pg-boss job that the worker schedules itself', async () => {
    const feed = await addFeed(colleague, {
      name: 'By the worker',
      url: `${sandbox.url}/feeds/large.rss?items=12`,
    });
    const stop = await startFeedWorker(
      t.jobs.boss,
      { db: t.db, fetch: { allowLoopback: true } },
      { intervalMinutes: 30, log: t.log },
    );
    try {
      await vi.waitFor(async () => expect(await itemsOf(feed.id)).toBe(12), {
        timeout: 20_000,
        interval: 250,
      });
    } finally {
      await stop();
    }
  });
});
