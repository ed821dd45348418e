import { messages, type PostPage, type ScheduledPost, type TargetStatus } from '@fitpost/contract';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socialConnections } from '../../db/schema.js';
import { contentItems } from '../../db/schema-library.js';
import { postTargets } from '../../db/schema-posts.js';
import { makeUser, startTestApp, type TestApp } from '../../test/harness.js';
import { connectAccount } from '../../test/library.js';

type Member = Awaited<ReturnType<typeof makeUser>>;

let t: TestApp;
let coach: Member;
let sameName: Member; // another member of the same portal
let stranger: Member; // a member of another portal
let x: string;
let linkedin: string;
let strangerX: string;
let contentId: string;

const hour = 3_600_000;
const at = (ms: number) => new Date(Date.now() + ms).toISOString();
const inject = (opts: InjectOptions) => t.app.inject(opts);

const connect = (member: Member, network: 'x' | 'linkedin', accountName: string) =>
  connectAccount(t, member, network, accountName);

async function create(member: Member, payload: Record<string, unknown>) {
  const res = await inject({ method: 'POST', url: '/api/posts', headers: member.auth, payload });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.body}`);
  return res.json<ScheduledPost>();
}

async function list(member: Member, query: string) {
  const res = await inject({ url: `/api/posts?${query}`, headers: member.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PostPage>();
}

/** Stands in for the engine: puts the post's targets in these states. */
async function setTargets(post: ScheduledPost, statuses: TargetStatus[]) {
  for (const [i, target] of post.targets.entries()) {
    const status = statuses[i] ?? statuses[0] ?? 'scheduled';
    await t.db
      .update(postTargets)
      .set({
        status,
        ...(status === 'published'
          ? {
              remoteId: `r-${target.id}`,
              remoteUrl: `https://x.example/p/${target.id}`,
              publishedAt: new Date(),
            }
          : {}),
      })
      .where(eq(postTargets.id, target.id));
  }
}

beforeAll(async () => {
  t = await startTestApp();
  coach = await makeUser(t, { name: 'Casey Coach' });
  sameName = await makeUser(t, { name: 'Pat Peer' });
  stranger = await makeUser(t, { portalId: 2, name: 'Olivia Other' });
  x = await connect(coach, 'x', 'Casey on X');
  linkedin = await connect(coach, 'linkedin', 'Casey on LinkedIn');
  strangerX = await connect(stranger, 'x', 'Olivia on X');
  const [item] = await t.db
    .insert(contentItems)
    .values({ portalId: 1, type: 'library', title: 'Squat form', body: 'Knees out.' })
    .returning();
  if (!item) throw new Error('no content');
  contentId = item.id;
});
afterAll(() => t.close());

describe('drafts', () => {
  it('saves a draft with no accounts and no time; nothing is scheduled', async () => {
    const draft = await create(coach, { body: 'Idea: plank variations', draft: true });
    expect(draft).toMatchObject({ status: 'draft', scheduledAt: null, targets: [], connectionIds: [] });
    const targets = await t.db.select().from(postTargets).where(eq(postTargets.postId, draft.id));
    expect(targets).toHaveLength(0);
  });

  it('keeps the chosen accounts and a planned time, even a past one or a text too long for X', async () => {
    const long = 'x'.repeat(400);
    const draft = await create(coach, {
      body: long,
      draft: true,
      connectionIds: [x, linkedin],
      scheduledAt: at(-2 * hour),
      contentId,
    });
    expect(draft.status).toBe('draft');
    expect(draft.connectionIds.sort()).toEqual([x, linkedin].sort());
    expect(draft.contentId).toBe(contentId);
    const read = await inject({ url: `/api/posts/${draft.id}`, headers: coach.auth });
    expect(read.json()).toMatchObject({ id: draft.id, body: long, status: 'draft', targets: [] });
  });

  it('refuses a draft with neither body nor graphic, posted now, or with another member’s account', async () => {
    const empty = await inject({
      method: 'POST',
      url: '/api/posts',
      headers: coach.auth,
      payload: { body: '  ', draft: true },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toContain(messages['post.error.data']);
    const now = await inject({
      method: 'POST',
      url: '/api/posts',
      headers: coach.auth,
      payload: { body: 'Now?', draft: true, publishNow: true },
    });
    expect(now.statusCode).toBe(400);
    const theirs = await inject({
      method: 'POST',
      url: '/api/posts',
      headers: coach.auth,
      payload: { body: 'Mine', draft: true, connectionIds: [strangerX] },
    });
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json().error.message).toBe('Choose only your own connected accounts.');
  });

  it('still asks a post to be scheduled for accounts and a time', async () => {
    const res = await inject({
      method: 'POST',
      url: '/api/posts',
      headers: coach.auth,
      payload: { body: 'Hi' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(messages['post.error.network']);
  });

  it('schedules a draft with PUT, and turns a scheduled post back into a draft', async () => {
    const draft = await create(coach, { body: 'Draft to schedule', draft: true, connectionIds: [x] });
    const scheduled = await inject({
      method: 'PUT',
      url: `/api/posts/${draft.id}`,
      headers: coach.auth,
      payload: { body: 'Draft to schedule', connectionIds: [x, linkedin], scheduledAt: at(hour) },
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect(scheduled.json()).toMatchObject({ status: 'scheduled' });
    expect(
      scheduled
        .json<ScheduledPost>()
        .targets.map((target) => target.network)
        .sort(),
    ).toEqual(['linkedin', 'x']);
    const back = await inject({
      method: 'PUT',
      url: `/api/posts/${draft.id}`,
      headers: coach.auth,
      payload: { body: 'Not yet', connectionIds: [linkedin], draft: true },
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({
      status: 'draft',
      targets: [],
      connectionIds: [linkedin],
      scheduledAt: null,
    });
    const targets = await t.db.select().from(postTargets).where(eq(postTargets.postId, draft.id));
    expect(targets).toHaveLength(0);
  });

  it('will not turn a post that was sent into a draft', async () => {
    const post = await create(coach, { body: 'Sent', connectionIds: [x], scheduledAt: at(hour) });
    await setTargets(post, ['published']);
    const res = await inject({
      method: 'PUT',
      url: `/api/posts/${post.id}`,
      headers: coach.auth,
      payload: { body: 'Sent', draft: true },
    });
    expect(res.statusCode).toBe(409);
  });
});

describe('POST /api/posts/{id}/duplicate', () => {
  it('copies a post as a new draft with its accounts and no time', async () => {
    const post = await create(coach, {
      body: 'Copy me',
      link: 'https://fitpro.example/tips',
      connectionIds: [x, linkedin],
      scheduledAt: at(hour),
      contentId,
    });
    await setTargets(post, ['published', 'failed']);
    const res = await inject({ method: 'POST', url: `/api/posts/${post.id}/duplicate`, headers: coach.auth });
    expect(res.statusCode, res.body).toBe(201);
    const copy = res.json<ScheduledPost>();
    expect(copy.id).not.toBe(post.id);
    expect(copy).toMatchObject({
      body: 'Copy me',
      link: 'https://fitpro.example/tips',
      contentId,
      status: 'draft',
      scheduledAt: null,
      targets: [],
    });
    expect(copy.connectionIds.sort()).toEqual([x, linkedin].sort());
    const original = await inject({ url: `/api/posts/${post.id}`, headers: coach.auth });
    expect(original.json()).toMatchObject({ status: 'partly_posted' });
  });

  it('leaves out accounts that have since been disconnected', async () => {
    const gone = await connect(coach, 'x', 'Old X');
    const post = await create(coach, {
      body: 'Two accounts',
      connectionIds: [x, gone],
      scheduledAt: at(hour),
    });
    await t.db.delete(socialConnections).where(eq(socialConnections.id, gone));
    const res = await inject({ method: 'POST', url: `/api/posts/${post.id}/duplicate`, headers: coach.auth });
    expect(res.json<ScheduledPost>().connectionIds).toEqual([x]);
  });

  it('answers 404 for another member’s post, in this portal or another, and 400 for a bad id', async () => {
    const theirs = await create(stranger, {
      body: 'Olivia’s',
      connectionIds: [strangerX],
      scheduledAt: at(hour),
    });
    for (const member of [coach, sameName]) {
      const res = await inject({
        method: 'POST',
        url: `/api/posts/${theirs.id}/duplicate`,
        headers: member.auth,
      });
      expect(res.statusCode).toBe(404);
    }
    const bad = await inject({ method: 'POST', url: '/api/posts/nope/duplicate', headers: coach.auth });
    expect(bad.statusCode).toBe(400);
    const anonymous = await inject({ method: 'POST', url: `/api/posts/${theirs.id}/duplicate` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('another member’s posts', () => {
  it('are 404 to read, replace, reschedule, cancel and delete', async () => {
    const mine = await create(coach, { body: 'Private', connectionIds: [x], scheduledAt: at(hour) });
    for (const member of [sameName, stranger]) {
      const calls: (InjectOptions & { url: string })[] = [
        { url: `/api/posts/${mine.id}` },
        { method: 'PUT', url: `/api/posts/${mine.id}`, payload: { body: 'Hijack', draft: true } },
        { method: 'POST', url: `/api/posts/${mine.id}/reschedule`, payload: { scheduledAt: at(2 * hour) } },
        { method: 'POST', url: `/api/posts/${mine.id}/cancel` },
        { method: 'DELETE', url: `/api/posts/${mine.id}` },
      ];
      for (const call of calls) {
        const res = await inject({ ...call, headers: member.auth });
        expect(res.statusCode, `${call.method ?? 'GET'} ${call.url}`).toBe(404);
      }
    }
    const still = await inject({ url: `/api/posts/${mine.id}`, headers: coach.auth });
    expect(still.json()).toMatchObject({ body: 'Private', status: 'scheduled' });
  });
});

describe('POST /api/posts/{id}/reschedule', () => {
  it('moves a scheduled post, and gives a draft its new planned time', async () => {
    const post = await create(coach, { body: 'Move me', connectionIds: [x], scheduledAt: at(hour) });
    const when = at(5 * hour);
    const moved = await inject({
      method: 'POST',
      url: `/api/posts/${post.id}/reschedule`,
      headers: coach.auth,
      payload: { scheduledAt: when },
    });
    expect(moved.json()).toMatchObject({ status: 'scheduled', scheduledAt: when });
    const draft = await create(coach, { body: 'Draft to move', draft: true });
    const planned = await inject({
      method: 'POST',
      url: `/api/posts/${draft.id}/reschedule`,
      headers: coach.auth,
      payload: { scheduledAt: when },
    });
    expect(planned.json()).toMatchObject({ status: 'draft', scheduledAt: when, targets: [] });
  });

  it('refuses a past time and a post already published, saying why', async () => {
    const post = await create(coach, { body: 'Too late', connectionIds: [x], scheduledAt: at(hour) });
    const past = await inject({
      method: 'POST',
      url: `/api/posts/${post.id}/reschedule`,
      headers: coach.auth,
      payload: { scheduledAt: at(-hour) },
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.message).toBe('The scheduled time has passed. Choose a time in the future.');
    await setTargets(post, ['published']);
    const published = await inject({
      method: 'POST',
      url: `/api/posts/${post.id}/reschedule`,
      headers: coach.auth,
      payload: { scheduledAt: at(2 * hour) },
    });
    expect(published.statusCode).toBe(409);
    expect(published.json().error.message).toMatch(/already been published/);
    const garbage = await inject({
      method: 'POST',
      url: `/api/posts/${post.id}/reschedule`,
      headers: coach.auth,
      payload: { scheduledAt: 'tomorrow' },
    });
    expect(garbage.statusCode).toBe(400);
  });
});

describe('GET /api/posts', () => {
  let member: Member;
  let mx: string;
  let mli: string;
  const posts: Record<string, ScheduledPost> = {};

  beforeAll(async () => {
    member = await makeUser(t, { name: 'Lister' });
    mx = await connect(member, 'x', 'L on X');
    mli = await connect(member, 'linkedin', 'L on LinkedIn');
    const make = async (name: string, payload: Record<string, unknown>, statuses?: TargetStatus[]) => {
      const post = await create(member, { body: name, ...payload });
      if (statuses) await setTargets(post, statuses);
      posts[name] = post;
    };
    await make('soon-x', { connectionIds: [mx], scheduledAt: at(hour) });
    await make('later-both', { connectionIds: [mx, mli], scheduledAt: at(3 * hour), contentId });
    await make('posted-li', { connectionIds: [mli], scheduledAt: at(2 * hour) }, ['published']);
    await make('failed-x', { connectionIds: [mx], scheduledAt: at(4 * hour) }, ['failed']);
    await make('partly', { connectionIds: [mx, mli], scheduledAt: at(5 * hour) }, ['published', 'failed']);
    await make('sending', { connectionIds: [mx], scheduledAt: at(6 * hour) }, ['publishing']);
    await make('cancelled', { connectionIds: [mx], scheduledAt: at(7 * hour) }, ['cancelled']);
    await make('draft', { draft: true, contentId });
  });

  const names = (page: PostPage) => page.items.map((p) => p.body);

  it('lists only the caller’s posts', async () => {
    const all = await list(member, 'pagesize=100');
    expect(all.total).toBe(8);
    expect(all.items.every((p) => Object.values(posts).some((mine) => mine.id === p.id))).toBe(true);
  });

  it('filters by one or several statuses, computed as the posts show them', async () => {
    expect(names(await list(member, 'status=scheduled&order=asc'))).toEqual(['soon-x', 'later-both']);
    expect(names(await list(member, 'status=posted,partly_posted&order=asc'))).toEqual([
      'posted-li',
      'partly',
    ]);
    expect(names(await list(member, 'status=failed&status=partly_posted&order=asc'))).toEqual([
      'failed-x',
      'partly',
    ]);
    expect(names(await list(member, 'status=draft'))).toEqual(['draft']);
    expect(names(await list(member, 'status=publishing'))).toEqual(['sending']);
    expect(names(await list(member, 'status=cancelled'))).toEqual(['cancelled']);
    // The SQL rule and the presented status agree for every post.
    for (const status of [
      'draft',
      'scheduled',
      'publishing',
      'posted',
      'partly_posted',
      'failed',
      'cancelled',
    ]) {
      const page = await list(member, `status=${status}`);
      expect(page.items.every((p) => p.status === status)).toBe(true);
    }
  });

  it('filters by network, library item and date range; orders and pages', async () => {
    expect(names(await list(member, 'network=linkedin&order=asc'))).toEqual([
      'posted-li',
      'later-both',
      'partly',
    ]);
    expect(names(await list(member, `contentId=${contentId}`))).toEqual(['later-both', 'draft']);
    const range = `from=${encodeURIComponent(at(1.5 * hour))}&to=${encodeURIComponent(at(4.5 * hour))}`;
    expect(names(await list(member, `${range}&order=asc`))).toEqual(['posted-li', 'later-both', 'failed-x']);
    const desc = await list(member, 'pagesize=3&page=1');
    expect(names(desc)).toEqual(['cancelled', 'sending', 'partly']);
    expect(desc.total).toBe(8);
    const last = await list(member, 'pagesize=3&page=3');
    expect(names(last)).toEqual(['soon-x', 'draft']);
    const beyond = await list(member, 'pagesize=3&page=9');
    expect(beyond).toMatchObject({ items: [], total: 8, page: 9 });
  });

  it('shows each target’s status and the live post’s address once published', async () => {
    const [partly] = (await list(member, 'status=partly_posted')).items;
    expect(partly?.targets.map((target) => [target.status, Boolean(target.remoteUrl)])).toEqual(
      expect.arrayContaining([
        ['published', true],
        ['failed', false],
      ]),
    );
  });

  it('refuses bad filters with 400', async () => {
    for (const query of [
      'status=bogus',
      'status=',
      'network=myspace',
      'contentId=123',
      'order=sideways',
      'pagesize=1000',
      'from=yesterday',
      `from=${encodeURIComponent(at(hour))}&to=${encodeURIComponent(at(-hour))}`,
    ]) {
      const res = await inject({ url: `/api/posts?${query}`, headers: member.auth });
      expect(res.statusCode, query).toBe(400);
    }
    expect((await inject({ url: '/api/posts' })).statusCode).toBe(401);
  });
});

describe('GET /api/posts/calendar', () => {
  let member: Member;
  let mx: string;
  let mli: string;
  const base = Date.parse('2031-03-01T00:00:00Z');
  const day = 24 * hour;
  const iso = (ms: number) => new Date(ms).toISOString();

  beforeAll(async () => {
    member = await makeUser(t, { name: 'Calendar' });
    mx = await connect(member, 'x', 'C on X');
    mli = await connect(member, 'linkedin', 'C on LinkedIn');
    await create(member, { body: 'Before the month', connectionIds: [mx], scheduledAt: iso(base - 1000) });
    await create(member, { body: 'First 💪🏽 of the month', connectionIds: [mx], scheduledAt: iso(base) });
    await create(member, {
      body: `${'Long '.repeat(60)}end`,
      connectionIds: [mli],
      scheduledAt: iso(base + 10 * day),
    });
    const posted = await create(member, {
      body: 'Done',
      connectionIds: [mx],
      scheduledAt: iso(base + 2 * day),
    });
    await setTargets(posted, ['published']);
    await create(member, { body: 'Planned draft', draft: true, scheduledAt: iso(base + 3 * day) });
    await create(member, { body: 'Draft with no day', draft: true });
    await create(member, { body: 'Next month', connectionIds: [mx], scheduledAt: iso(base + 31 * day) });
    await create(coach, { body: 'Someone else', connectionIds: [x], scheduledAt: iso(base + day) });
  });

  it('returns the posts in [from, to), earliest first, in the compact shape', async () => {
    const res = await inject({
      url: `/api/posts/calendar?from=${iso(base)}&to=${iso(base + 31 * day)}`,
      headers: member.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ items: Record<string, unknown>[]; truncated: boolean }>();
    expect(body.truncated).toBe(false);
    expect(body.items.map((p) => p.excerpt)).toEqual([
      'First 💪🏽 of the month',
      'Done',
      'Planned draft',
      expect.stringMatching(/^Long Long .*…$/),
    ]);
    expect(body.items[1]).toEqual({
      id: expect.any(String),
      excerpt: 'Done',
      hasMedia: false,
      scheduledAt: iso(base + 2 * day),
      status: 'posted',
      targets: [
        {
          id: expect.any(String),
          network: 'x',
          accountName: 'C on X',
          status: 'published',
          remoteUrl: expect.stringMatching(/^https:/),
        },
      ],
    });
    expect(body.items[2]).toMatchObject({ status: 'draft', targets: [] });
    expect([...String(body.items[3]?.excerpt)].length).toBeLessThanOrEqual(141);
  });

  it('refuses a missing, reversed or too long range', async () => {
    for (const query of [
      `from=${iso(base)}`,
      `from=${iso(base)}&to=${iso(base)}`,
      `from=${iso(base + day)}&to=${iso(base)}`,
      `from=${iso(base)}&to=${iso(base + 93 * day)}`,
      'from=march&to=april',
    ]) {
      const res = await inject({ url: `/api/posts/calendar?${query}`, headers: member.auth });
      expect(res.statusCode, query).toBe(400);
    }
    expect(
      (await inject({ url: `/api/posts/calendar?from=${iso(base)}&to=${iso(base + day)}` })).statusCode,
    ).toBe(401);
  });
});

describe('OpenAPI', () => {
  it('documents the posts routes', async () => {
    const res = await inject({ url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json<{ paths: object }>().paths)).toEqual(
      expect.arrayContaining(['/api/posts', '/api/posts/calendar', '/api/posts/{id}/duplicate']),
    );
  });
});
