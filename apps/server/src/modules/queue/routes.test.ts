import {
  defaultQueueSlots,
  queueMessages,
  type QueueSlots,
  type QueueSummary,
  type ScheduledPost,
} from '@fitpost/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, startTestApp, type TestApp } from '../../test/harness.js';
import { connectAccount } from '../../test/library.js';
import { posts, postTargets } from '../../db/schema-posts.js';
import { takeNextSlot } from './service.js';

type Member = Awaited<ReturnType<typeof makeUser>>;

let t: TestApp;
const inject = (opts: InjectOptions) => t.app.inject(opts);

async function slotsOf(member: Member) {
  const res = await inject({ url: '/api/queue/slots', headers: member.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<QueueSlots>();
}

function putSlots(member: Member, payload: unknown) {
  return inject({ method: 'PUT', url: '/api/queue/slots', headers: member.auth, payload: payload as object });
}

function queuePost(member: Member, connectionIds: string[], extra: Record<string, unknown> = {}) {
  return inject({
    method: 'POST',
    url: '/api/posts',
    headers: member.auth,
    payload: { body: 'Queued workout tip', connectionIds, queue: true, ...extra },
  });
}

async function setZone(member: Member, zone: string) {
  const res = await inject({
    method: 'PUT',
    url: `/api/user/${member.user.id}/properties`,
    headers: member.auth,
    payload: { timeZone: zone },
  });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('GET/PUT /api/queue/slots', () => {
  it("suggests three a day in the organisation's zone until the member saves their own", async () => {
    const member = await makeUser(t);
    const got = await slotsOf(member);
    expect(got).toMatchObject({ timeZone: 'UTC', isDefault: true, slots: defaultQueueSlots });
    expect(Date.parse(got.nextFree ?? '')).toBeGreaterThan(Date.now());
    await setZone(member, 'America/Chicago');
    expect((await slotsOf(member)).timeZone).toBe('America/Chicago');
  });

  it('saves a week of slots, sorted Monday first, and answers the next free one in the member’s zone', async () => {
    const member = await makeUser(t);
    await setZone(member, 'Asia/Kolkata');
    const res = await putSlots(member, {
      slots: [
        { weekday: 7, time: '18:00' },
        { weekday: 1, time: '09:30' },
        { weekday: 1, time: '07:00' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json<QueueSlots>();
    expect(saved.slots).toEqual([
      { weekday: 1, time: '07:00' },
      { weekday: 1, time: '09:30' },
      { weekday: 7, time: '18:00' },
    ]);
    expect(saved.isDefault).toBe(false);
    // Every slot falls at :00 or :30 in Kolkata (UTC+05:30), so its instant is at :30 or :00 UTC.
    const next = new Date(saved.nextFree ?? '');
    const kolkata = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Kolkata',
      weekday: 'long',
      hour: '2-digit',
      minute: '2-digit',
    }).format(next);
    expect(['Monday 07:00', 'Monday 09:30', 'Sunday 18:00']).toContain(kolkata.replace(' at', ''));
    expect(await slotsOf(member)).toEqual(saved);
  });

  it.each([
    ['no slots', { slots: [] }],
    [
      'a duplicate',
      {
        slots: [
          { weekday: 2, time: '09:00' },
          { weekday: 2, time: '09:00' },
        ],
      },
    ],
    ['weekday 0', { slots: [{ weekday: 0, time: '09:00' }] }],
    ['a time past 23:59', { slots: [{ weekday: 2, time: '24:00' }] }],
    ['a time as text', { slots: [{ weekday: 2, time: 'nine' }] }],
    [
      '71 slots',
      {
        slots: Array.from({ length: 71 }, (_, i) => ({
          weekday: (i % 7) + 1,
          time: `${String(Math.floor(i / 7)).padStart(2, '0')}:15`,
        })),
      },
    ],
    ['no body', null],
  ])('refuses %s with 400 and keeps what was saved', async (_name, payload) => {
    const member = await makeUser(t);
    await putSlots(member, { slots: [{ weekday: 3, time: '10:00' }] });
    const res = await putSlots(member, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect((await slotsOf(member)).slots).toEqual([{ weekday: 3, time: '10:00' }]);
  });

  it('keeps each member’s slots their own', async () => {
    const one = await makeUser(t);
    const other = await makeUser(t);
    const stranger = await makeUser(t, { portalId: 2 });
    await putSlots(one, { slots: [{ weekday: 5, time: '06:00' }] });
    expect((await slotsOf(other)).isDefault).toBe(true);
    expect((await slotsOf(stranger)).isDefault).toBe(true);
    await putSlots(stranger, { slots: [{ weekday: 6, time: '06:00' }] });
    expect((await slotsOf(one)).slots).toEqual([{ weekday: 5, time: '06:00' }]);
  });

  it("DELETE forgets the member's own slots (FitPost's suggested week again), and only theirs", async () => {
    const one = await makeUser(t);
    const other = await makeUser(t);
    await putSlots(one, { slots: [{ weekday: 5, time: '06:00' }] });
    await putSlots(other, { slots: [{ weekday: 2, time: '07:00' }] });
    const res = await inject({ method: 'DELETE', url: '/api/queue/slots', headers: one.auth });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<QueueSlots>()).toMatchObject({ isDefault: true, slots: defaultQueueSlots });
    expect(await slotsOf(one)).toMatchObject({ isDefault: true, slots: defaultQueueSlots });
    expect(await slotsOf(other)).toMatchObject({ isDefault: false, slots: [{ weekday: 2, time: '07:00' }] });
    expect((await inject({ method: 'DELETE', url: '/api/queue/slots' })).statusCode).toBe(401);
  });

  it('asks for a session', async () => {
    expect((await inject({ url: '/api/queue/slots' })).statusCode).toBe(401);
    expect(
      (await inject({ method: 'PUT', url: '/api/queue/slots', payload: { slots: [] } })).statusCode,
    ).toBe(401);
    expect((await inject({ url: '/api/queue' })).statusCode).toBe(401);
  });
});

describe('POST /api/posts with queue', () => {
  it('puts each post in the next free slot and says which', async () => {
    const member = await makeUser(t);
    const x = await connectAccount(t, member, 'x', 'Queue on X');
    const before = await slotsOf(member);
    const first = await queuePost(member, [x]);
    expect(first.statusCode, first.body).toBe(201);
    const one = first.json<ScheduledPost>();
    expect(one.status).toBe('scheduled');
    expect(one.scheduledAt).toBe(before.nextFree);
    expect(one.queueSlot).toMatchObject({ scheduledAt: before.nextFree, timeZone: 'UTC' });
    expect(defaultQueueSlots).toContainEqual({ weekday: one.queueSlot?.weekday, time: one.queueSlot?.time });
    const two = (await queuePost(member, [x])).json<ScheduledPost>();
    expect(Date.parse(two.scheduledAt ?? '')).toBeGreaterThan(Date.parse(one.scheduledAt ?? ''));
    expect((await slotsOf(member)).nextFree).not.toBe(two.scheduledAt);
  });

  it('skips a slot a scheduled post holds, and a canceled post frees its slot', async () => {
    const member = await makeUser(t);
    const x = await connectAccount(t, member, 'x', 'Skip on X');
    const { nextFree } = await slotsOf(member);
    const scheduled = await inject({
      method: 'POST',
      url: '/api/posts',
      headers: member.auth,
      payload: { body: 'By hand', connectionIds: [x], scheduledAt: nextFree },
    });
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    const queued = (await queuePost(member, [x])).json<ScheduledPost>();
    expect(queued.scheduledAt).not.toBe(nextFree);
    const cancel = await inject({
      method: 'POST',
      url: `/api/posts/${scheduled.json<ScheduledPost>().id}/cancel`,
      headers: member.auth,
    });
    expect(cancel.statusCode).toBe(200);
    expect((await queuePost(member, [x])).json<ScheduledPost>().scheduledAt).toBe(nextFree);
  });

  it('never gives two concurrent queue saves the same slot', async () => {
    const member = await makeUser(t);
    const x = await connectAccount(t, member, 'x', 'Race on X');
    const results = await Promise.all(Array.from({ length: 8 }, () => queuePost(member, [x])));
    for (const r of results) expect(r.statusCode, r.body).toBe(201);
    const times = results.map((r) => r.json<ScheduledPost>().scheduledAt);
    expect(new Set(times).size).toBe(8);
  });

  it('says so when the queue is full', async () => {
    const member = await makeUser(t);
    const x = await connectAccount(t, member, 'x', 'Full on X');
    await putSlots(member, { slots: [{ weekday: 1, time: '09:00' }] });
    let last = await queuePost(member, [x]);
    let saved = 0;
    while (last.statusCode === 201 && saved < 20) {
      saved += 1;
      last = await queuePost(member, [x]);
    }
    expect(saved).toBeGreaterThanOrEqual(12);
    expect(saved).toBeLessThanOrEqual(13);
    expect(last.statusCode).toBe(409);
    expect(last.json<{ error: { message: string } }>().error.message).toBe(queueMessages.full);
  });

  it.each([
    ['a time as well', { scheduledAt: new Date(Date.now() + 3_600_000).toISOString() }],
    ['Post Now as well', { publishNow: true }],
    ['a draft', { draft: true }],
  ])('refuses queue with %s', async (_name, extra) => {
    const member = await makeUser(t);
    const x = await connectAccount(t, member, 'x', 'Refused on X');
    const res = await queuePost(member, [x], extra);
    expect(res.statusCode, res.body).toBe(400);
  });

  it('queues an edited post too, into a free slot other than the one it held', async () => {
    const member = await makeUser(t);
    const x = await connectAccount(t, member, 'x', 'Edit on X');
    const first = (await queuePost(member, [x])).json<ScheduledPost>();
    const res = await inject({
      method: 'PUT',
      url: `/api/posts/${first.id}`,
      headers: member.auth,
      payload: { body: 'Edited', connectionIds: [x], queue: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    // Its own slot is the first free one again once its old targets are replaced.
    expect(res.json<ScheduledPost>().scheduledAt).toBe(first.scheduledAt);
  });
});

describe('takeNextSlot across a clock change', () => {
  it('reads slots in the member’s zone on both sides of the change, skipping held ones', async () => {
    const member = await makeUser(t);
    await setZone(member, 'America/New_York');
    await putSlots(member, {
      slots: [
        { weekday: 6, time: '09:00' },
        { weekday: 7, time: '09:00' },
      ],
    });
    // Saturday 2026-03-07 08:00 EST; the clocks go forward that night.
    const now = () => new Date('2026-03-07T13:00:00Z');
    const deps = { db: t.db, timeZone: 'UTC', now };
    const actor = { userId: member.user.id };
    expect((await takeNextSlot(deps, t.db, actor)).scheduledAt).toBe('2026-03-07T14:00:00.000Z');
    // A post holding Saturday 9:00 EST moves the queue to Sunday 9:00 EDT (13:00Z, not 14:00Z).
    const [post] = await t.db
      .insert(posts)
      .values({
        portalId: 1,
        userId: member.user.id,
        body: 'held',
        scheduledAt: new Date('2026-03-07T14:00:00Z'),
      })
      .returning();
    if (!post) throw new Error('no post');
    const x = await connectAccount(t, member, 'x', 'DST on X');
    await t.db.insert(postTargets).values({
      postId: post.id,
      portalId: post.portalId,
      userId: post.userId,
      connectionId: x,
      network: 'x',
      accountName: 'DST on X',
      dueAt: new Date('2026-03-07T14:00:00Z'),
    });
    const next = await takeNextSlot(deps, t.db, actor);
    expect(next).toEqual({
      weekday: 7,
      time: '09:00',
      scheduledAt: '2026-03-08T13:00:00.000Z',
      timeZone: 'America/New_York',
    });
  });
});

describe('GET /api/queue', () => {
  it('names the accounts of the last post, else every connected account', async () => {
    const member = await makeUser(t);
    const x = await connectAccount(t, member, 'x', 'Usual on X');
    const linkedin = await connectAccount(t, member, 'linkedin', 'Usual on LinkedIn');
    const summary = async () =>
      (await inject({ url: '/api/queue', headers: member.auth })).json<QueueSummary>();
    expect((await summary()).usualConnectionIds.sort()).toEqual([x, linkedin].sort());
    await queuePost(member, [linkedin]);
    const after = await summary();
    expect(after.usualConnectionIds).toEqual([linkedin]);
    expect(after.timeZone).toBe('UTC');
    expect(after.nextFree).not.toBeNull();
  });
});
