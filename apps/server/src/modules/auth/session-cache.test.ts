/**
 * The session cache and GET /api/user/me's answers (session-cache.ts, users/me-cache.ts) drop what
 * they hold when the database announces a change (migration 0025's triggers), even a change no
 * request of this process made: written straight into the database here. On PGlite the
 * announcement arrives before the write resolves; on PostgreSQL within moments.
 */
import { roleIds } from '@fitpost/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sessions, userProperties, userRoles } from '../../db/schema.js';
import { organisationSettings } from '../../db/schema-settings.js';
import { makeUser, startTestApp, type TestApp } from '../../test/harness.js';
import { pushLimitMs, trueWithin } from '../../test/eventually.js';
import { openChangeFeed } from '../../db/change-feed.js';
import { sessionCache } from './session-cache.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const me = (auth: { authorization: string }) => t.app.inject({ url: '/api/user/me', headers: auth });
const statusWithin = (auth: { authorization: string }, status: number) =>
  trueWithin(pushLimitMs, async () => (await me(auth)).statusCode === status);

it('ends a session revoked in the database, not by this process', async () => {
  const member = await makeUser(t, { portalId: 31 });
  expect((await me(member.auth)).statusCode).toBe(200);
  await t.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, member.user.id));
  expect(await statusWithin(member.auth, 401)).toBe(true);
});

it('ends access when the member role is removed in the database, and drops an admin role at once', async () => {
  const member = await makeUser(t, { portalId: 31 });
  const admin = await makeUser(t, { portalId: 31, admin: true });
  expect((await me(member.auth)).statusCode).toBe(200);
  expect((await me(admin.auth)).json()).toMatchObject({ fitPostAdminAccess: true });
  await t.db.delete(userRoles).where(eq(userRoles.userId, member.user.id));
  await t.db
    .delete(userRoles)
    .where(and(eq(userRoles.userId, admin.user.id), eq(userRoles.roleId, roleIds.admin)));
  expect(await statusWithin(member.auth, 401)).toBe(true);
  expect(
    await trueWithin(pushLimitMs, async () => (await me(admin.auth)).json().fitPostAdminAccess === false),
  ).toBe(true);
});

it("shows a member's properties and the portal's time zone as soon as they change in the database", async () => {
  const member = await makeUser(t, { portalId: 32 });
  expect((await me(member.auth)).json()).toMatchObject({ properties: [], organisationTimeZone: null });
  await t.db.insert(userProperties).values({ userId: member.user.id, name: 'city', value: 'Leeds' });
  await t.db
    .insert(organisationSettings)
    .values({ portalId: 32, defaultTimeZone: 'Europe/London' })
    .onConflictDoUpdate({ target: organisationSettings.portalId, set: { defaultTimeZone: 'Europe/London' } });
  expect(
    await trueWithin(pushLimitMs, async () => {
      const body = (await me(member.auth)).json();
      return body.organisationTimeZone === 'Europe/London' && body.properties.length === 1;
    }),
  ).toBe(true);
  expect((await me(member.auth)).json().properties).toEqual([{ name: 'city', value: 'Leeds' }]);
});

it('keeps serving a session from memory when only its last-seen time moves (a touch announces nothing)', async () => {
  const member = await makeUser(t, { portalId: 31 });
  // A cache of its own, listening from now: the earlier tests' changes, which PostgreSQL announces
  // within moments rather than at once, cannot drop what it holds (the app's cache shares that feed).
  const feed = await openChangeFeed(t.database);
  const cache = sessionCache(t.db, feed, t.config.session);
  try {
    const token = member.auth.authorization.slice('Bearer '.length);
    expect(await cache.authenticate(token)).toMatchObject({ userId: member.user.id });
    // Idle by the database's clock: a fresh lookup would refuse it. The cached session still holds,
    // because this process saw it in use moments ago and a touch is not a change of access.
    const longAgo = new Date(Date.now() - t.config.session.idleMs - 60_000);
    await t.db.update(sessions).set({ lastSeenAt: longAgo }).where(eq(sessions.userId, member.user.id));
    expect(await cache.authenticate(token)).toMatchObject({ userId: member.user.id });
    // The same lookup without the cache refuses it: what held it was the cache.
    expect((await me(member.auth)).statusCode).toBe(401);
  } finally {
    cache.close();
    await feed.close();
  }
});

it("stops serving a cached session at the moment the user's last access role expires", async () => {
  const member = await makeUser(t, { portalId: 31 });
  const inAnHour = new Date(Date.now() + 3600_000);
  await t.db.update(userRoles).set({ expiryDate: inAnHour }).where(eq(userRoles.userId, member.user.id));
  const feed = await openChangeFeed(t.database);
  const cache = sessionCache(t.db, feed, t.config.session);
  try {
    const token = member.auth.authorization.slice('Bearer '.length);
    expect(await cache.authenticate(token)).toMatchObject({ userId: member.user.id });
    expect(await cache.authenticate(token, new Date(inAnHour.getTime() - 1000))).toMatchObject({
      userId: member.user.id,
    });
    expect(await cache.authenticate(token, new Date(inAnHour.getTime() + 1000))).toBeNull();
  } finally {
    cache.close();
    await feed.close();
  }
});
