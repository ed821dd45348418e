import { messageTexts, roleIds, type MessageList, type MessageThread } from '@fitpost/contract';
import { randomUUID } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, portals, userRoles, users } from '../../db/schema.js';
import { messageReplies, messageThreads, portalMessages } from '../../db/schema-messages.js';
import { makeUser, startTestApp, type TestApp } from '../../test/harness.js';
import { call, type TestUser } from '../../test/library.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** Each test gets its own portal, so "all members" means the members the test made. */
let nextPortal = 100;
async function portal() {
  nextPortal += 1;
  const portalId = nextPortal;
  const admin = await makeUser(t, { portalId, admin: true, name: `Admin ${portalId}` });
  return { portalId, admin, member: (name?: string) => makeUser(t, { portalId, ...(name ? { name } : {}) }) };
}

const send = (who: TestUser | null, payload: Record<string, unknown>) =>
  call(t, who, { method: 'POST', url: '/api/message', payload });
const reply = (who: TestUser, id: string, body: string) =>
  call(t, who, { method: 'POST', url: `/api/message/${id}/reply`, payload: { body } });
const open = (who: TestUser, id: string) => call(t, who, { method: 'GET', url: `/api/message/${id}` });

async function sent(who: TestUser, payload: Record<string, unknown>) {
  const res = await send(who, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string; kind: 'thread' | 'sent'; recipientCount: number }>();
}
async function list(who: TestUser, query = '') {
  const res = await call(t, who, { method: 'GET', url: `/api/message${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<MessageList>();
}
async function thread(who: TestUser, id: string) {
  const res = await open(who, id);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<MessageThread>();
}
async function unread(who: TestUser) {
  const res = await call(t, who, { method: 'GET', url: '/api/message/unread' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ notifications: number; messages: number }>();
}

describe('an admin writes to members', () => {
  it('reaches every member of the portal with access, each in their own thread, unread until opened', async () => {
    const p = await portal();
    const a = await p.member('Ann');
    const b = await p.member('Ben');
    const noAccess = await makeUser(t, { portalId: p.portalId, member: false });
    const elsewhere = await makeUser(t, { portalId: p.portalId + 1000 });

    const res = await sent(p.admin, { subject: 'Spring challenge', body: 'Join us!', to: { all: true } });
    expect(res).toMatchObject({ kind: 'sent', recipientCount: 2 });

    for (const who of [a, b]) {
      expect(await unread(who)).toEqual({ notifications: 0, messages: 1 });
      const inbox = await list(who);
      expect(inbox).toMatchObject({ total: 1, unread: 1 });
      expect(inbox.items[0]).toMatchObject({
        kind: 'thread',
        subject: 'Spring challenge',
        preview: 'Join us!',
        author: { id: p.admin.user.id, fullName: `Admin ${p.portalId}` },
        to: messageTexts.toAll,
        unread: true,
        recipientCount: null,
        readCount: null,
      });
    }
    for (const who of [elsewhere, p.admin]) expect((await unread(who)).messages).toBe(0);
    // A user without access now (who cannot sign in) gets no thread.
    const [none] = await t.db
      .select({ n: count() })
      .from(messageThreads)
      .where(eq(messageThreads.userId, noAccess.user.id));
    expect(none?.n).toBe(0);
    expect((await list(elsewhere)).total).toBe(0);

    // Read state is each recipient's own.
    const annThread = (await list(a)).items[0]!;
    const opened = await thread(a, annThread.id);
    expect(opened).toMatchObject({ kind: 'thread', canReply: true, member: { id: a.user.id } });
    expect(opened.items).toEqual([
      expect.objectContaining({
        body: 'Join us!',
        fromAdmin: true,
        author: expect.objectContaining({ id: p.admin.user.id }),
      }),
    ]);
    expect(await unread(a)).toEqual({ notifications: 0, messages: 0 });
    expect((await list(a)).items[0]?.unread).toBe(false);
    expect(await unread(b)).toEqual({ notifications: 0, messages: 1 });

    const adminSent = await list(p.admin, '?folder=sent');
    expect(adminSent.items).toEqual([
      expect.objectContaining({ id: res.id, kind: 'sent', recipientCount: 2, readCount: 1, replyCount: 0 }),
    ]);
    expect(await thread(p.admin, res.id)).toMatchObject({
      kind: 'sent',
      canReply: false,
      recipientCount: 2,
      readCount: 1,
      items: [expect.objectContaining({ body: 'Join us!' })],
    });
  });

  it('reaches the holders of a role, or chosen members, and says so', async () => {
    const p = await portal();
    const otherAdmin = await makeUser(t, { portalId: p.portalId, admin: true });
    const a = await p.member();
    const b = await p.member();
    const toAdmins = await sent(p.admin, { subject: 'Admins', body: 'Hi', to: { roleIds: [roleIds.admin] } });
    expect(toAdmins.recipientCount).toBe(1);
    expect((await list(otherAdmin)).items[0]).toMatchObject({ to: 'Holders of FitPost Admin', unread: true });
    expect((await unread(a)).messages).toBe(0);

    const chosen = await sent(p.admin, {
      subject: 'You two',
      body: 'Hi',
      to: { userIds: [a.user.id, b.user.id] },
    });
    expect(chosen.recipientCount).toBe(2);
    expect((await list(a)).items[0]).toMatchObject({ subject: 'You two', to: '2 chosen members' });
    expect((await unread(otherAdmin)).messages).toBe(1);
  });

  it('refuses recipients outside the portal, unknown roles, a message without recipients and one nobody gets', async () => {
    const p = await portal();
    const a = await p.member();
    const stranger = await makeUser(t, { portalId: p.portalId + 1000 });
    const cases: [Record<string, unknown>, string][] = [
      [{ subject: 'x', body: 'y' }, messageTexts.adminNamesRecipients],
      [
        { subject: 'x', body: 'y', to: { userIds: [a.user.id, stranger.user.id] } },
        messageTexts.unknownUsers,
      ],
      [{ subject: 'x', body: 'y', to: { userIds: [randomUUID()] } }, messageTexts.unknownUsers],
      [{ subject: 'x', body: 'y', to: { roleIds: [9999] } }, messageTexts.unknownRoles],
    ];
    for (const [payload, message] of cases) {
      const res = await send(p.admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.message).toContain(message);
    }
    const lonely = await portal();
    const none = await send(lonely.admin, { subject: 'x', body: 'y', to: { all: true } });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toBe(messageTexts.noRecipients);
    const [left] = await t.db
      .select({ n: count() })
      .from(portalMessages)
      .where(eq(portalMessages.portalId, lonely.portalId));
    expect(left?.n).toBe(0);
    expect((await unread(stranger)).messages).toBe(0);
  });
});

describe('a member writes to the admins', () => {
  it("opens a thread on the admins' desk; replies go back and forth with each side's read state", async () => {
    const p = await portal();
    const otherAdmin = await makeUser(t, { portalId: p.portalId, admin: true });
    const coach = await p.member('Coach');
    const res = await sent(coach, { subject: 'Help', body: 'My LinkedIn will not connect' });
    expect(res).toMatchObject({ kind: 'thread', recipientCount: 2 });
    expect((await unread(coach)).messages).toBe(0);
    expect((await list(coach, '?folder=sent')).items.map((i) => i.id)).toEqual([res.id]);

    for (const admin of [p.admin, otherAdmin]) {
      expect((await unread(admin)).messages).toBe(1);
      expect((await list(admin)).items[0]).toMatchObject({
        id: res.id,
        member: { id: coach.user.id, fullName: 'Coach' },
        to: messageTexts.toAdmins,
        unread: true,
      });
    }
    // One desk: once an admin has read it, it is read for the admins.
    const seen = await thread(p.admin, res.id);
    expect(seen.items).toEqual([
      expect.objectContaining({ body: 'My LinkedIn will not connect', fromAdmin: false }),
    ]);
    expect((await unread(otherAdmin)).messages).toBe(0);

    const answer = await reply(otherAdmin, res.id, 'Try Reconnect in Settings');
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json()).toMatchObject({ body: 'Try Reconnect in Settings', fromAdmin: true });
    expect((await unread(coach)).messages).toBe(1);
    expect((await list(coach)).items[0]).toMatchObject({
      preview: 'Try Reconnect in Settings',
      replyCount: 1,
    });
    const view = await thread(coach, res.id);
    expect(view.items.map((i) => [i.body, i.fromAdmin])).toEqual([
      ['My LinkedIn will not connect', false],
      ['Try Reconnect in Settings', true],
    ]);
    expect((await unread(coach)).messages).toBe(0);

    expect((await reply(coach, res.id, 'It worked')).statusCode).toBe(201);
    expect((await unread(p.admin)).messages).toBe(1);
    expect((await unread(coach)).messages).toBe(0);
  });

  it("a member's answer to a message to many reaches only the admins, never the other recipients", async () => {
    const p = await portal();
    const a = await p.member();
    const b = await p.member();
    const msg = await sent(p.admin, { subject: 'News', body: 'Hello all', to: { all: true } });
    const aThread = (await list(a)).items[0]!;
    const bThread = (await list(b)).items[0]!;
    expect(aThread.id).not.toBe(bThread.id);
    expect((await reply(a, aThread.id, 'Thanks!')).statusCode).toBe(201);
    expect((await thread(b, bThread.id)).items.map((i) => i.body)).toEqual(['Hello all']);
    const desk = await list(p.admin);
    expect(desk.items).toEqual([
      expect.objectContaining({ id: aThread.id, unread: true, preview: 'Thanks!' }),
    ]);
    expect((await list(p.admin, '?folder=sent')).items[0]).toMatchObject({ id: msg.id, replyCount: 1 });
    // A message to many is answered in each member's thread.
    const whole = await reply(p.admin, msg.id, 'To everyone again');
    expect(whole.statusCode).toBe(400);
    expect(whole.json().error.message).toBe(messageTexts.sentNoReply);
  });
});

describe('isolation', () => {
  it("keeps a member out of another member's thread and an admin out of another portal", async () => {
    const p = await portal();
    const q = await portal();
    const coach = await p.member();
    const colleague = await p.member();
    const own = await sent(coach, { subject: 'Mine', body: 'private' });
    const toMany = await sent(p.admin, { subject: 'All', body: 'x', to: { all: true } });

    for (const [who, id] of [
      [colleague, own.id],
      [q.admin, own.id],
      [coach, toMany.id],
      [q.admin, toMany.id],
      [coach, randomUUID()],
    ] as const) {
      expect((await open(who, id)).statusCode).toBe(404);
      expect((await reply(who, id, 'sneaking in')).statusCode).toBe(404);
    }
    expect((await list(q.admin)).total).toBe(0);
    expect((await list(q.admin, '?folder=sent')).total).toBe(0);
    expect((await list(colleague)).items.map((i) => i.subject)).toEqual(['All']);
    // Nothing of it was marked read or answered by the attempts.
    const [row] = await t.db.select().from(messageThreads).where(eq(messageThreads.id, own.id));
    expect(row).toMatchObject({ adminReadAt: null, replyCount: 0 });
  });

  it("refuses a member who names recipients, 'all' included", async () => {
    const p = await portal();
    const coach = await p.member();
    for (const to of [{ all: true }, { roleIds: [roleIds.member] }, { userIds: [p.admin.user.id] }]) {
      const res = await send(coach, { subject: 'x', body: 'y', to });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(messageTexts.memberNamesRecipients);
    }
    const [row] = await t.db
      .select({ n: count() })
      .from(portalMessages)
      .where(eq(portalMessages.authorId, coach.user.id));
    expect(row?.n).toBe(0);
  });
});

describe('bad input', () => {
  it('refuses what is not a message with a clear 400', async () => {
    const p = await portal();
    const coach = await p.member();
    const long = 'x'.repeat(10_001);
    const payloads: Record<string, unknown>[] = [
      {},
      { subject: '', body: 'y' },
      { subject: '   ', body: 'y' },
      { subject: 'x', body: '' },
      { subject: 'x', body: long },
      { subject: 'x'.repeat(201), body: 'y' },
      { subject: 'x', body: 'a\u0000b' },
      { subject: 'x', body: 'y', to: { all: false } },
      { subject: 'x', body: 'y', to: { all: true, roleIds: [1] } },
      { subject: 'x', body: 'y', to: { roleIds: [] } },
      { subject: 'x', body: 'y', to: { userIds: ['nope'] } },
      { subject: 'x', body: 'y', to: 'all' },
    ];
    for (const payload of payloads) {
      const res = await send(p.admin, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
    }
    expect((await send(p.admin, { subject: 'x', body: long })).json().error.message).toContain(
      messageTexts.tooLong(10_000),
    );
    expect((await sent(coach, { subject: 'x', body: 'y'.repeat(10_000) })).kind).toBe('thread');
    for (const query of ['?folder=trash', '?page=0', '?pagesize=101']) {
      expect((await call(t, coach, { method: 'GET', url: `/api/message${query}` })).statusCode, query).toBe(
        400,
      );
    }
    expect((await open(coach, 'not-a-uuid')).statusCode).toBe(400);
    expect((await reply(coach, randomUUID(), '')).statusCode).toBe(400);
    expect((await call(t, null, { method: 'GET', url: '/api/message/unread' })).statusCode).toBe(401);
    expect((await send(null, { subject: 'x', body: 'y' })).statusCode).toBe(401);
  });

  it('keeps a body as plain text, markup and all', async () => {
    const p = await portal();
    const coach = await p.member();
    const body = '<img src=x onerror=alert(1)> see https://example.com/a?b=1&c=2';
    const res = await sent(coach, { subject: '<b>hi</b>', body });
    const view = await thread(coach, res.id);
    expect(view.subject).toBe('<b>hi</b>');
    expect(view.items[0]?.body).toBe(body);
  });
});

describe('GET /api/message/unread', () => {
  it('counts unread notifications and unread threads, each only my own', async () => {
    const p = await portal();
    const coach = await p.member();
    const colleague = await p.member();
    await t.db.insert(notifications).values({
      userId: coach.user.id,
      kind: 'post.failed',
      title: 'A post failed',
      body: 'Duplicate',
      network: 'x',
    });
    await sent(p.admin, { subject: 'One', body: '1', to: { userIds: [coach.user.id] } });
    await sent(p.admin, { subject: 'Two', body: '2', to: { all: true } });
    expect(await unread(coach)).toEqual({ notifications: 1, messages: 2 });
    expect(await unread(colleague)).toEqual({ notifications: 0, messages: 1 });
    const page = await list(coach, '?page=2&pagesize=1');
    expect(page).toMatchObject({ total: 2, unread: 2, page: 2, pageSize: 1 });
    expect(page.items.map((i) => i.subject)).toEqual(['One']);
  });
});

describe('a message to 10,000 members', () => {
  it('stores one body and one thread row per member, opened by one statement', async () => {
    const portalId = 9001;
    await t.db.insert(portals).values({ id: portalId, alias: 'p9001', name: 'Big portal' });
    await t.db.execute(sql`
      insert into ${users} (portal_id, email, full_name)
      select ${portalId}, 'member' || i || '@big.example', 'Member ' || i from generate_series(1, 10000) as i`);
    await t.db.execute(sql`
      insert into ${userRoles} (user_id, role_id, source)
      select id, ${roleIds.member}, 'admin' from ${users} where portal_id = ${portalId}`);
    const admin = await makeUser(t, { portalId, admin: true });
    const body = 'A long body. '.repeat(700);

    const res = await sent(admin, { subject: 'To everyone', body, to: { all: true } });
    expect(res.recipientCount).toBe(10_000);

    const bodies = await t.db
      .select({ n: count() })
      .from(portalMessages)
      .where(eq(portalMessages.portalId, portalId));
    const threads = await t.db
      .select({ n: count() })
      .from(messageThreads)
      .where(eq(messageThreads.messageId, res.id));
    const replies = await t.db
      .select({ n: count() })
      .from(messageReplies)
      .innerJoin(messageThreads, eq(messageThreads.id, messageReplies.threadId))
      .where(eq(messageThreads.portalId, portalId));
    expect([bodies[0]?.n, threads[0]?.n, replies[0]?.n]).toEqual([1, 10_000, 0]);
    // The body is stored once: the threads carry no text at all.
    const [size] = await t.db
      .select({ bytes: sql<number>`sum(octet_length(${portalMessages.body}))::integer` })
      .from(portalMessages)
      .where(eq(portalMessages.portalId, portalId));
    expect(Number(size?.bytes)).toBe(body.trim().length);

    const [someone] = await t.db.select().from(users).where(eq(users.email, 'member5000@big.example'));
    const [theirs] = await t.db
      .select({ n: count() })
      .from(messageThreads)
      .where(sql`${messageThreads.userId} = ${someone!.id} and ${messageThreads.adminLastAt} is not null`);
    expect(theirs?.n).toBe(1);
  });
});

describe('sending is limited per member', () => {
  it('answers 429 once FITPOST_MESSAGES_PER_HOUR messages and replies were sent', async () => {
    const limited = await startTestApp({ FITPOST_MESSAGES_PER_HOUR: '2' });
    try {
      const coach = await makeUser(limited);
      const other = await makeUser(limited);
      const go = (who: TestUser) =>
        call(limited, who, { method: 'POST', url: '/api/message', payload: { subject: 's', body: 'b' } });
      const first = await go(coach);
      expect(first.statusCode).toBe(201);
      const id = first.json<{ id: string }>().id;
      expect(
        (
          await call(limited, coach, {
            method: 'POST',
            url: `/api/message/${id}/reply`,
            payload: { body: 'b' },
          })
        ).statusCode,
      ).toBe(201);
      const refused = await go(coach);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.message).toContain('You have sent many messages in a short time.');
      expect((await go(other)).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});
