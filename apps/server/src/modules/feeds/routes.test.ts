import { libraryMessages, systemUserId, type Feed } from '@fitpost/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentItems, feeds } from '../../db/schema-library.js';
import { makeUser, startTestApp, type TestApp } from '../../test/harness.js';
import { call, type TestUser } from '../../test/library.js';

let t: TestApp;
let admin: TestUser;
let coach: TestUser;
let colleague: TestUser;
let otherAdmin: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  admin = await makeUser(t, { admin: true });
  coach = await makeUser(t);
  colleague = await makeUser(t);
  otherAdmin = await makeUser(t, { portalId: 2, admin: true });
});
afterAll(() => t.close());

const feedCount = async () => (await t.db.select({ n: count() }).from(feeds))[0]?.n ?? 0;

async function addFeed(who: TestUser, payload: Record<string, unknown>) {
  const res = await call(t, who, { method: 'POST', url: '/api/feed', payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Feed>();
}

describe('POST /api/feed', () => {
  it("adds a member's own feed with the spec's fields", async () => {
    const created = await addFeed(coach, {
      id: 0,
      name: 'My blog',
      url: 'https://coach.example.com/feed.xml',
      description: 'What I write',
      thumbnailUrl: 'https://coach.example.com/me.png',
    });
    expect(created).toMatchObject({
      portalId: 1,
      name: 'My blog',
      url: 'https://coach.example.com/feed.xml',
      description: 'What I write',
      isActive: true,
      userId: coach.user.id,
      isSystem: false,
      thumbnailUrl: 'https://coach.example.com/me.png',
      lastFetchedAt: null,
      lastStatus: null,
      lastError: null,
      itemCount: 0,
    });
  });

  it('adds system feeds for admins only, owned by the all-zero user', async () => {
    const system = await addFeed(admin, {
      name: 'Academy news',
      url: 'https://example.com/rss',
      isSystem: true,
    });
    expect(system).toMatchObject({ isSystem: true, userId: systemUserId });
    const explicit = await addFeed(admin, {
      name: 'Academy tips',
      url: 'https://example.com/tips',
      isSystem: true,
      userId: systemUserId,
    });
    expect(explicit.userId).toBe(systemUserId);
    const before = await feedCount();
    const member = await call(t, coach, {
      method: 'POST',
      url: '/api/feed',
      payload: { name: 'Sneaky', url: 'https://example.com/x', isSystem: true },
    });
    expect(member.statusCode).toBe(403);
    expect(member.json().error.message).toBe(libraryMessages.systemFeedAdminOnly);
    expect(await feedCount()).toBe(before);
  });

  it('refuses bad input and other owners with a clear 4xx, storing nothing', async () => {
    const before = await feedCount();
    const cases: [TestUser, Record<string, unknown>, number, string][] = [
      [coach, { name: '', url: 'https://example.com/a' }, 400, libraryMessages.feedNameRequired],
      [coach, { name: 'File', url: 'file:///etc/passwd' }, 400, libraryMessages.feedUrlInvalid],
      [coach, { name: 'Gopher', url: 'gopher://example.com/1' }, 400, libraryMessages.feedUrlInvalid],
      [coach, { name: 'Nothing', url: 'not a url' }, 400, libraryMessages.feedUrlInvalid],
      [
        coach,
        { name: 'Thumb', url: 'https://example.com/a', thumbnailUrl: 'ftp://x/y.png' },
        400,
        'thumbnailUrl',
      ],
      [
        coach,
        { name: 'Theirs', url: 'https://example.com/a', userId: colleague.user.id },
        403,
        libraryMessages.feedOtherMember,
      ],
      [
        coach,
        { name: 'Zero', url: 'https://example.com/a', userId: systemUserId },
        400,
        libraryMessages.systemFeedUser,
      ],
      [
        admin,
        { name: 'Mixed', url: 'https://example.com/a', isSystem: true, userId: coach.user.id },
        400,
        libraryMessages.systemFeedUser,
      ],
      [
        admin,
        { name: 'Foreign', url: 'https://example.com/a', userId: otherAdmin.user.id },
        404,
        'User not found',
      ],
      [
        coach,
        { name: 'Id', url: 'https://example.com/a', id: '6c0a3f0e-8d0b-4b47-9d3a-3b8d1f0f9a11' },
        400,
        libraryMessages.idOnCreate,
      ],
    ];
    for (const [who, payload, status, message] of cases) {
      const res = await call(t, who, { method: 'POST', url: '/api/feed', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json().error.message).toContain(message);
    }
    expect(await feedCount()).toBe(before);
  });

  it('lets an admin add a feed for a member of the portal', async () => {
    const forColleague = await addFeed(admin, {
      name: 'Colleague feed',
      url: 'https://colleague.example.com/rss',
      userId: colleague.user.id,
    });
    expect(forColleague).toMatchObject({ userId: colleague.user.id, isSystem: false });
  });
});

describe('GET /api/feed?portalid&userid&active', () => {
  it("lists the caller's feeds and the system feeds, system first", async () => {
    const mine = await call(t, coach, { url: '/api/feed' });
    expect(mine.statusCode).toBe(200);
    expect(mine.json<Feed[]>().map((f) => [f.name, f.isSystem])).toEqual([
      ['Academy news', true],
      ['Academy tips', true],
      ['My blog', false],
    ]);
    const system = await call(t, coach, { url: `/api/feed?portalid=1&userid=${systemUserId}` });
    expect(system.json<Feed[]>().map((f) => f.name)).toEqual(['Academy news', 'Academy tips']);
    const own = await call(t, coach, { url: `/api/feed?userid=${coach.user.id}` });
    expect(own.json<Feed[]>().map((f) => f.name)).toEqual(['My blog']);
    const asAdmin = await call(t, admin, { url: `/api/feed?userid=${colleague.user.id}` });
    expect(asAdmin.json<Feed[]>().map((f) => f.name)).toEqual(['Colleague feed']);
  });

  it('filters by active', async () => {
    const [feed] = await t.db.select().from(feeds).where(eq(feeds.name, 'Academy tips'));
    await call(t, admin, {
      method: 'PUT',
      url: `/api/feed/${feed?.id}`,
      payload: { name: 'Academy tips', url: feed?.url, isSystem: true, isActive: false },
    });
    const active = await call(t, coach, { url: '/api/feed?active=true' });
    expect(active.json<Feed[]>().map((f) => f.name)).toEqual(['Academy news', 'My blog']);
    const inactive = await call(t, coach, { url: '/api/feed?active=false' });
    expect(inactive.json<Feed[]>().map((f) => f.name)).toEqual(['Academy tips']);
  });

  it("refuses other members' and other portals' lists, and bad queries", async () => {
    const theirs = await call(t, coach, { url: `/api/feed?userid=${colleague.user.id}` });
    expect(theirs.statusCode).toBe(403);
    const otherPortal = await call(t, coach, { url: '/api/feed?portalid=2' });
    expect(otherPortal.statusCode).toBe(403);
    expect(otherPortal.json().error.message).toBe(libraryMessages.feedOtherPortal);
    expect((await call(t, coach, { url: '/api/feed?active=yes' })).statusCode).toBe(400);
    expect((await call(t, coach, { url: '/api/feed?userid=7' })).statusCode).toBe(400);
    const portal2 = await call(t, otherAdmin, { url: '/api/feed' });
    expect(portal2.json<Feed[]>()).toEqual([]);
  });
});

describe('PUT and DELETE /api/feed/:id', () => {
  it('lets a member change and delete their own feed, and its items go with it', async () => {
    const feed = await addFeed(coach, { name: 'Temp', url: 'https://example.com/temp' });
    await t.db.insert(contentItems).values({
      portalId: 1,
      type: 'feed',
      title: 'Imported',
      feedId: feed.id,
      feedGuid: 'g1',
      ownerId: coach.user.id,
    });
    const changed = await call(t, coach, {
      method: 'PUT',
      url: `/api/feed/${feed.id}`,
      payload: { id: feed.id, name: 'Renamed', url: 'https://example.com/temp2', isActive: false },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<Feed>()).toMatchObject({ name: 'Renamed', isActive: false, itemCount: 1 });
    expect((await call(t, coach, { method: 'DELETE', url: `/api/feed/${feed.id}` })).statusCode).toBe(204);
    expect(await t.db.select().from(contentItems).where(eq(contentItems.feedId, feed.id))).toEqual([]);
  });

  it("refuses members on system feeds and on each other's, and other portals", async () => {
    const [system] = await t.db.select().from(feeds).where(eq(feeds.name, 'Academy news'));
    const mine = await addFeed(coach, { name: 'Keep', url: 'https://example.com/keep' });
    const payload = { name: 'Hijack', url: 'https://example.com/h' };
    const onSystem = await call(t, coach, { method: 'PUT', url: `/api/feed/${system?.id}`, payload });
    expect(onSystem.statusCode).toBe(403);
    expect((await call(t, coach, { method: 'DELETE', url: `/api/feed/${system?.id}` })).statusCode).toBe(403);
    expect(
      (await call(t, colleague, { method: 'PUT', url: `/api/feed/${mine.id}`, payload })).statusCode,
    ).toBe(404);
    expect((await call(t, colleague, { method: 'DELETE', url: `/api/feed/${mine.id}` })).statusCode).toBe(
      404,
    );
    expect((await call(t, otherAdmin, { method: 'DELETE', url: `/api/feed/${mine.id}` })).statusCode).toBe(
      404,
    );
    const mismatch = await call(t, coach, {
      method: 'PUT',
      url: `/api/feed/${mine.id}`,
      payload: { ...payload, id: system?.id },
    });
    expect(mismatch.statusCode).toBe(400);
    const [kept] = await t.db.select().from(feeds).where(eq(feeds.id, mine.id));
    expect(kept?.name).toBe('Keep');
  });

  it('moves imported items with the feed when an admin makes a member feed a system feed', async () => {
    const feed = await addFeed(admin, {
      name: 'Promote me',
      url: 'https://example.com/p',
      userId: coach.user.id,
    });
    await t.db.insert(contentItems).values({
      portalId: 1,
      type: 'feed',
      title: 'Was private',
      feedId: feed.id,
      feedGuid: 'p1',
      ownerId: coach.user.id,
    });
    const promoted = await call(t, admin, {
      method: 'PUT',
      url: `/api/feed/${feed.id}`,
      payload: { name: 'Promote me', url: feed.url, isSystem: true },
    });
    expect(promoted.json<Feed>()).toMatchObject({ isSystem: true, userId: systemUserId });
    const [item] = await t.db.select().from(contentItems).where(eq(contentItems.feedId, feed.id));
    expect(item?.ownerId).toBeNull();
  });
});
