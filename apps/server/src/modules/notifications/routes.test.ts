import { notificationLink, type NotificationList } from '@fitpost/contract';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, socialConnections } from '../../db/schema.js';
import { makeUser, startTestApp, type TestApp } from '../../test/harness.js';
import { call, connectAccount, type TestUser } from '../../test/library.js';
import { markNeedsReconnect } from '../social/connections.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function failedPost(who: TestUser, accountName: string, at: Date) {
  const [row] = await t.db
    .insert(notifications)
    .values({
      userId: who.user.id,
      kind: 'post.failed',
      title: `A post to ${accountName} failed`,
      body: 'Duplicate content',
      postId: randomUUID(),
      network: 'linkedin',
      createdAt: at,
    })
    .returning();
  if (!row) throw new Error('no notification');
  return row.id;
}

async function list(who: TestUser, query = '') {
  const res = await call(t, who, { method: 'GET', url: `/api/notification${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<NotificationList>();
}

const post = (who: TestUser | null, url: string, payload?: Record<string, unknown>) =>
  call(t, who, { method: 'POST', url, ...(payload === undefined ? {} : { payload }) });

describe('GET /api/notification', () => {
  it('lists only my own, newest first, with the total, the unread count and a link to fix it', async () => {
    const coach = await makeUser(t);
    const colleague = await makeUser(t);
    const elsewhere = await makeUser(t, { portalId: 2 });
    const older = await failedPost(coach, 'Coach One', new Date(Date.now() - 60_000));
    const newer = await failedPost(coach, 'Coach Two', new Date());
    await failedPost(colleague, 'Colleague', new Date());
    await failedPost(elsewhere, 'Elsewhere', new Date());

    const page = await list(coach);
    expect(page.items.map((n) => n.id)).toEqual([newer, older]);
    expect(page).toMatchObject({ total: 2, unread: 2, page: 1, pageSize: 20 });
    expect(page.items[0]).toMatchObject({
      kind: 'post.failed',
      title: 'A post to Coach Two failed',
      text: 'Duplicate content',
      link: '/app/posts?view=failed&network=linkedin',
      needsAction: false,
      readAt: null,
    });
    const second = await list(coach, '?page=2&pagesize=1');
    expect(second.items.map((n) => n.id)).toEqual([older]);
    expect(second.total).toBe(2);
  });

  it('refuses bad input and callers without a session', async () => {
    const coach = await makeUser(t);
    for (const query of ['?unread=yes', '?page=0', '?pagesize=101', '?page=abc']) {
      const res = await call(t, coach, { method: 'GET', url: `/api/notification${query}` });
      expect(res.statusCode, query).toBe(400);
    }
    expect((await call(t, null, { method: 'GET', url: '/api/notification' })).statusCode).toBe(401);
    expect((await post(null, '/api/notification/read-all')).statusCode).toBe(401);
  });
});

describe('POST /api/notification/read', () => {
  it("marks my own read and ignores another member's or another portal's ids", async () => {
    const coach = await makeUser(t);
    const colleague = await makeUser(t);
    const elsewhere = await makeUser(t, { portalId: 2 });
    const mine = await failedPost(coach, 'Mine', new Date());
    const theirs = await failedPost(colleague, 'Theirs', new Date());
    const far = await failedPost(elsewhere, 'Far', new Date());

    const res = await post(coach, '/api/notification/read', { ids: [mine, theirs, far] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ updated: 1, unread: 0 });
    const rows = await t.db.select().from(notifications);
    const readAt = (id: string) => rows.find((r) => r.id === id)?.readAt;
    expect(readAt(mine)).toBeInstanceOf(Date);
    expect(readAt(theirs)).toBeNull();
    expect(readAt(far)).toBeNull();
    expect((await list(coach, '?unread=true')).items).toEqual([]);
    expect((await list(coach)).items[0]?.readAt).not.toBeNull();
    expect((await list(colleague)).unread).toBe(1);
  });

  it('refuses ids that are not a non-empty list of uuids', async () => {
    const coach = await makeUser(t);
    for (const payload of [
      {},
      { ids: [] },
      { ids: ['nope'] },
      { ids: 'x' },
      { ids: Array(101).fill(randomUUID()) },
    ]) {
      expect((await post(coach, '/api/notification/read', payload)).statusCode).toBe(400);
    }
  });
});

describe('the reconnect rule', () => {
  it('a reconnect stays listed as unread, even once read, until the account is connected again', async () => {
    const coach = await makeUser(t);
    const connectionId = await connectAccount(t, coach, 'x', 'Coach on X');
    await markNeedsReconnect({ db: t.db }, connectionId, 'X refused the token.');
    await failedPost(coach, 'Coach on X', new Date(Date.now() - 60_000));

    const before = await list(coach, '?unread=true');
    expect(before.unread).toBe(2);
    const reconnect = before.items.find((n) => n.kind === 'connection.needs_reconnect');
    expect(reconnect).toMatchObject({
      title: 'Reconnect Coach on X',
      text: 'X refused the token. Open Settings → Social Platforms and choose Reconnect.',
      link: notificationLink('connection.needs_reconnect', 'x'),
      network: 'x',
      needsAction: true,
    });

    const all = await post(coach, '/api/notification/read-all');
    expect(all.json()).toEqual({ updated: 2, unread: 1 });
    const after = await list(coach, '?unread=true');
    expect(after.items.map((n) => n.kind)).toEqual(['connection.needs_reconnect']);
    expect(after.items[0]?.readAt).not.toBeNull();
    expect(after.unread).toBe(1);

    await t.db
      .update(socialConnections)
      .set({ status: 'connected' })
      .where(eq(socialConnections.id, connectionId));
    const resolved = await list(coach, '?unread=true');
    expect(resolved).toMatchObject({ items: [], total: 0, unread: 0 });
    expect((await list(coach)).items.find((n) => n.kind === 'connection.needs_reconnect')?.needsAction).toBe(
      false,
    );
  });
});
