import type { NotificationList } from '@fitpost/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailContents, emailOutbox } from '../../db/schema-email.js';
import { notifications, socialConnections } from '../../db/schema.js';
import { enqueueManyIn } from '../../jobs/queues.js';
import { makeUser, startTestApp, type TestApp } from '../../test/harness.js';
import { call, connectAccount, type TestUser } from '../../test/library.js';
import { markNeedsReconnect } from './connections.js';
import { warnExpiringTokens, type ExpiryDeps } from './expiry.js';

let t: TestApp;
let deps: ExpiryDeps;
const day = 86_400_000;

beforeAll(async () => {
  t = await startTestApp();
  // Warnings' emails are queued as the worker's are (FITPOST_SMTP_URL set).
  deps = { db: t.db, emails: { enqueueManyIn: (tx) => enqueueManyIn(t.jobs.boss, tx) } };
});
afterAll(() => t.close());

const at = (base: Date, days: number) => new Date(base.getTime() + days * day);

async function connection(
  who: TestUser,
  network: 'linkedin' | 'facebook' | 'x',
  tokens: { accessExpiresAt?: Date; refreshToken?: string; refreshExpiresAt?: Date },
) {
  const id = await connectAccount(t, who, network, `${who.user.fullName} on ${network}`);
  if (Object.keys(tokens).length > 0)
    await t.db.update(socialConnections).set(tokens).where(eq(socialConnections.id, id));
  return id;
}

const warningsOf = (connectionId: string) =>
  t.db
    .select()
    .from(notifications)
    .where(
      and(eq(notifications.connectionId, connectionId), eq(notifications.kind, 'connection.token_expiring')),
    );

async function unread(who: TestUser) {
  const res = await call(t, who, { method: 'GET', url: '/api/notification?unread=true' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<NotificationList>();
}

describe('token expiry warnings', () => {
  it('warns once per lapse within 7 days, by email too, and not about distant, past or unknown expiries', async () => {
    const now = new Date();
    const coach = await makeUser(t);
    const soon = await connection(coach, 'facebook', { accessExpiresAt: at(now, 6) });
    const later = await connection(coach, 'linkedin', { accessExpiresAt: at(now, 8) });
    const lapsed = await connection(coach, 'facebook', { accessExpiresAt: at(now, -1) });
    const never = await connection(coach, 'x', {});
    // LinkedIn renews its access token with the refresh token: only the refresh token's lapse counts.
    const renewing = await connection(coach, 'linkedin', {
      accessExpiresAt: at(now, 1),
      refreshToken: 'sealed',
      refreshExpiresAt: at(now, 30),
    });
    const refreshLapsing = await connection(coach, 'linkedin', {
      accessExpiresAt: at(now, 1),
      refreshToken: 'sealed',
      refreshExpiresAt: at(now, 5),
    });

    await warnExpiringTokens({ ...deps, now: () => now });
    await warnExpiringTokens({ ...deps, now: () => at(now, 1 / 24) });
    const [warning, ...more] = await warningsOf(soon);
    expect(more).toEqual([]);
    expect(warning).toMatchObject({
      userId: coach.user.id,
      title: `${coach.user.fullName} on facebook disconnects soon`,
      network: 'facebook',
    });
    expect(warning?.body).toMatch(/^Your Facebook connection lapses on \d+\/\d+\/\d{4} .+ UTC\. /);
    expect(await warningsOf(refreshLapsing)).toHaveLength(1);
    for (const quiet of [later, lapsed, never, renewing]) expect(await warningsOf(quiet)).toEqual([]);

    const mailed = await t.db
      .select({ subject: emailContents.subject })
      .from(emailOutbox)
      .innerJoin(emailContents, eq(emailContents.id, emailOutbox.contentId))
      .where(and(eq(emailOutbox.userId, coach.user.id), eq(emailContents.kind, 'connection.token_expiring')));
    expect(mailed).toHaveLength(2);

    // Two days on, the 8-day token is within the week: warned now, once.
    await warnExpiringTokens({ ...deps, now: () => at(now, 2) });
    expect(await warningsOf(later)).toHaveLength(1);
    expect(await warningsOf(soon)).toHaveLength(1);
  });

  it('stays in the bell until reconnected; a new lapse is warned about again', async () => {
    const now = new Date();
    const coach = await makeUser(t);
    const other = await makeUser(t);
    const id = await connection(coach, 'linkedin', { accessExpiresAt: at(now, 3) });
    await warnExpiringTokens({ ...deps, now: () => now });
    expect((await unread(other)).unread).toBe(0);

    const read = await call(t, coach, { method: 'POST', url: '/api/notification/read-all' });
    expect(read.statusCode, read.body).toBe(200);
    const still = await unread(coach);
    expect(still.items.map((n) => [n.kind, n.needsAction, n.link])).toEqual([
      ['connection.token_expiring', true, '/app/settings?tab=social-platforms'],
    ]);

    // Reconnecting gives a new token lapsing in 60 days: the warning is resolved.
    await t.db
      .update(socialConnections)
      .set({ accessExpiresAt: at(now, 60) })
      .where(eq(socialConnections.id, id));
    expect((await unread(coach)).unread).toBe(0);
    await warnExpiringTokens({ ...deps, now: () => at(now, 10) });
    expect(await warningsOf(id)).toHaveLength(1);

    // 54 days on, the new token lapses within the week: one new warning.
    await warnExpiringTokens({ ...deps, now: () => at(now, 54) });
    expect(await warningsOf(id)).toHaveLength(2);
  });

  it('leaves a connection already flagged for reconnecting to its reconnect notification', async () => {
    const now = new Date();
    const coach = await makeUser(t);
    const id = await connection(coach, 'facebook', { accessExpiresAt: at(now, 2) });
    await markNeedsReconnect(deps, id, 'Facebook refused the token.');
    await warnExpiringTokens({ ...deps, now: () => now });
    expect(await warningsOf(id)).toEqual([]);
  });
});
