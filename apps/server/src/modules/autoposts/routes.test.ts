import { startSandbox, type Sandbox } from '@fitpost/sandbox';
import {
  autoPostMessages,
  messages,
  type AutoPost,
  type AutoPostPreview,
  type MemberAutoPost,
  type MemberDetailGaps,
} from '@fitpost/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socialConnections } from '../../db/schema.js';
import { autoPosts } from '../../db/schema-autopost.js';
import { posts } from '../../db/schema-posts.js';
import { makeUser, startTestApp, type TestApp } from '../../test/harness.js';
import { connectX, networkEnv } from '../../test/social.js';

let sandbox: Sandbox;
let t: TestApp;
let admin: Awaited<ReturnType<typeof makeUser>>;
let coach: Awaited<ReturnType<typeof makeUser>>;
let otherAdmin: Awaited<ReturnType<typeof makeUser>>;
let coachX: string;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, redirectUris: ['http://localhost:3000/oauth'] });
  t = await startTestApp(networkEnv(sandbox.url));
  admin = await makeUser(t, { admin: true });
  coach = await makeUser(t);
  otherAdmin = await makeUser(t, { portalId: 2, admin: true });
  coachX = await connectX(t, coach.auth);
});
afterAll(async () => {
  await t.close();
  await sandbox.close();
});

const inHour = () => new Date(Date.now() + 3_600_000).toISOString();
const valid = () => ({ body: 'Hydrate before you caffeinate.', networks: ['x'], scheduledAt: inHour() });

const call = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  auth: { authorization: string },
  payload?: object,
) => t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });

async function scheduled(body = valid()) {
  const res = await call('POST', '/api/autoposts', admin.auth, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<AutoPost>();
}

describe('Auto-Post API for admins', () => {
  it('lets only admins schedule, change or cancel, storing nothing otherwise', async () => {
    const before = await t.db.select().from(autoPosts);
    const refused = await call('POST', '/api/autoposts', coach.auth, valid());
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { message: autoPostMessages.adminOnly } });
    const ap = await scheduled();
    expect((await call('PUT', `/api/autoposts/${ap.id}`, coach.auth, valid())).statusCode).toBe(403);
    expect((await call('POST', `/api/autoposts/${ap.id}/cancel`, coach.auth)).statusCode).toBe(403);
    expect((await call('GET', '/api/autoposts', coach.auth)).statusCode).toBe(403);
    expect(await t.db.select().from(autoPosts)).toHaveLength(before.length + 1);
  });

  it('refuses bad input with clear messages', async () => {
    const cases: [object, string][] = [
      [{ ...valid(), body: '' }, messages['post.error.data']],
      [{ ...valid(), networks: [] }, autoPostMessages.noNetworks],
      [{ ...valid(), xVariants: ['Same', 'Same'] }, autoPostMessages.duplicateVariants],
      [{ ...valid(), scheduledAt: new Date(Date.now() - 3_600_000).toISOString() }, autoPostMessages.past],
      [{ ...valid(), networks: ['myspace'] }, ''],
      [{ ...valid(), body: 'x'.repeat(281) }, 'X allows 280 characters; this post has 281.'],
      // X counts every link as 23 characters and sends the link with the caption.
      [
        { ...valid(), xVariants: ['y'.repeat(260)], link: 'https://example.com/a-very-long-path' },
        'X allows 280 characters; this post has 284.',
      ],
      [{ ...valid(), xSpreadMinutes: -5 }, ''],
    ];
    for (const [payload, message] of cases) {
      const res = await call('POST', '/api/autoposts', admin.auth, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      if (message) expect(res.body).toContain(message);
    }
  });

  it('keeps portals apart: another portal’s admin cannot see, change or cancel it', async () => {
    const ap = await scheduled();
    expect((await call('GET', `/api/autoposts/${ap.id}`, otherAdmin.auth)).statusCode).toBe(404);
    expect((await call('PUT', `/api/autoposts/${ap.id}`, otherAdmin.auth, valid())).statusCode).toBe(404);
    expect((await call('POST', `/api/autoposts/${ap.id}/cancel`, otherAdmin.auth)).statusCode).toBe(404);
    const list = await call('GET', '/api/autoposts', otherAdmin.auth);
    expect(list.json<AutoPost[]>().map((a) => a.id)).not.toContain(ap.id);
    const [row] = await t.db.select().from(autoPosts).where(eq(autoPosts.id, ap.id));
    expect(row?.status).toBe('scheduled');
  });

  it('refuses to change an Auto-Post whose fan-out has started', async () => {
    const ap = await scheduled();
    await t.db.update(autoPosts).set({ status: 'fanning_out' }).where(eq(autoPosts.id, ap.id));
    const res = await call('PUT', `/api/autoposts/${ap.id}`, admin.auth, valid());
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: { message: autoPostMessages.started } });
  });
});

describe('Auto-Post for members', () => {
  it('opts in per own account only; another member’s account is not found and left unchanged', async () => {
    const other = await makeUser(t);
    const otherX = await connectX(t, other.auth, '1500000000000001002');
    const denied = await call('PUT', '/api/autoposts/settings', coach.auth, {
      accounts: [{ connectionId: otherX, enabled: true }],
    });
    expect(denied.statusCode).toBe(404);
    const [untouched] = await t.db.select().from(socialConnections).where(eq(socialConnections.id, otherX));
    expect(untouched?.autoPost).toBe(false);

    const on = await call('PUT', '/api/autoposts/settings', coach.auth, {
      accounts: [{ connectionId: coachX, enabled: true }],
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ accounts: [{ connectionId: coachX, network: 'x', enabled: true }] });
    const [row] = await t.db.select().from(socialConnections).where(eq(socialConnections.id, coachX));
    expect(row?.autoPostSince).toBeInstanceOf(Date);
  });

  it('lists what the member will receive, and lets them skip, customise and go back to Auto-Post', async () => {
    await call('PUT', '/api/autoposts/settings', coach.auth, {
      accounts: [{ connectionId: coachX, enabled: true }],
    });
    const ap = await scheduled({ ...valid(), body: 'Mobility Monday: hips first.' });
    const upcoming = (await call('GET', '/api/autoposts/upcoming', coach.auth)).json<MemberAutoPost[]>();
    expect(upcoming.find((u) => u.id === ap.id)).toMatchObject({
      choice: 'auto',
      accounts: [{ connectionId: coachX, network: 'x' }],
    });

    const skip = await call('PUT', `/api/autoposts/${ap.id}/choice`, coach.auth, { choice: 'skip' });
    expect(skip.json()).toMatchObject({ choice: 'skip', customPostId: null });

    const custom = await call('PUT', `/api/autoposts/${ap.id}/choice`, coach.auth, { choice: 'custom' });
    expect(custom.statusCode, custom.body).toBe(200);
    const { customPostId } = custom.json<{ customPostId: string }>();
    const own = await call('GET', `/api/posts/${customPostId}`, coach.auth);
    expect(own.json()).toMatchObject({ body: 'Mobility Monday: hips first.', status: 'scheduled' });

    const back = await call('PUT', `/api/autoposts/${ap.id}/choice`, coach.auth, { choice: 'auto' });
    expect(back.json()).toMatchObject({ choice: 'auto' });
    expect(await t.db.select().from(posts).where(eq(posts.id, customPostId))).toHaveLength(0);
  });

  it('shows the member their own text, with their details filled in and no dangling words (issue 26)', async () => {
    await call('PUT', '/api/autoposts/settings', coach.auth, {
      accounts: [{ connectionId: coachX, enabled: true }],
    });
    const first = coach.user.fullName.split(' ')[0] ?? '';
    const ap = await scheduled({
      ...valid(),
      body: 'Hi, I am {first_name} from {city}. Book: {booking_link}',
    });
    const mine = async () =>
      (await call('GET', '/api/autoposts/upcoming', coach.auth))
        .json<MemberAutoPost[]>()
        .find((u) => u.id === ap.id);
    expect((await mine())?.body).toBe(`Hi, I am ${first}.`);

    // The admin's form learns how many opted-in members lack each field before scheduling.
    const gaps = async () => {
      const res = await call('GET', '/api/autoposts/member-details?networks=x,linkedin', admin.auth);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<MemberDetailGaps>();
    };
    const before = await gaps();
    expect(before.members).toBeGreaterThanOrEqual(1);
    expect(before.missing.city).toBeGreaterThanOrEqual(1);
    expect(before.missing.first_name).toBe(0);

    const city = await call('PUT', `/api/user/${coach.user.id}/properties`, coach.auth, {
      'autoPost.city': 'Austin',
    });
    expect(city.statusCode, city.body).toBe(200);
    expect((await mine())?.body).toBe(`Hi, I am ${first} from Austin.`);
    expect(await gaps()).toEqual({
      members: before.members,
      missing: { ...before.missing, city: before.missing.city - 1 },
    });
    expect((await call('GET', '/api/autoposts/member-details?networks=x', coach.auth)).statusCode).toBe(403);
    const bad = await call('GET', '/api/autoposts/member-details?networks=myspace', admin.auth);
    expect(bad.statusCode).toBe(400);

    const custom = await call('PUT', `/api/autoposts/${ap.id}/choice`, coach.auth, { choice: 'custom' });
    const { customPostId } = custom.json<{ customPostId: string }>();
    const own = await call('GET', `/api/posts/${customPostId}`, coach.auth);
    expect(own.json()).toMatchObject({ body: `Hi, I am ${first} from Austin.` });

    // The admin's preview shows the member's post under their connected account's handle.
    const [account] = await t.db.select().from(socialConnections).where(eq(socialConnections.id, coachX));
    const preview = await call('GET', `/api/autoposts/${ap.id}/preview?userId=${coach.user.id}`, admin.auth);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json<AutoPostPreview>().members[0]?.posts[0]?.account).toEqual({
      accountName: account?.accountName,
      handle: account?.handle,
      pictureUrl: account?.pictureUrl,
    });
    expect(account?.handle).toBeTruthy();
    await call('PUT', `/api/autoposts/${ap.id}/choice`, coach.auth, { choice: 'auto' });
  });

  it('lists only the calendar period asked for, with the choice made for it, and refuses a bad range', async () => {
    const day = 86_400_000;
    const at = (days: number) => new Date(Date.now() + days * day).toISOString();
    const near = await scheduled({ ...valid(), body: 'Week one: squat depth.', scheduledAt: at(3) });
    const far = await scheduled({ ...valid(), body: 'Week six: deload.', scheduledAt: at(40) });
    await call('PUT', `/api/autoposts/${far.id}/choice`, coach.auth, { choice: 'skip' });

    const period = (from: string, to: string) =>
      call(
        'GET',
        `/api/autoposts/upcoming?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
        coach.auth,
      );
    const first = (await period(at(2), at(10))).json<MemberAutoPost[]>();
    expect(first.map((u) => u.id)).toContain(near.id);
    expect(first.map((u) => u.id)).not.toContain(far.id);
    const later = (await period(at(35), at(45))).json<MemberAutoPost[]>();
    expect(later.find((u) => u.id === far.id)).toMatchObject({ choice: 'skip', accounts: [] });
    expect(later.map((u) => u.id)).not.toContain(near.id);

    const tooLong = await period(at(0), at(100));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.body).toContain('Ask for at most 92 days at once');
    const backwards = await period(at(10), at(2));
    expect(backwards.statusCode).toBe(400);
    expect(backwards.body).toContain('The end of the range must be after its start');
    const halfOpen = await call(
      'GET',
      `/api/autoposts/upcoming?from=${encodeURIComponent(at(1))}`,
      coach.auth,
    );
    expect(halfOpen.statusCode).toBe(400);
    expect(halfOpen.body).toContain('Give both ends of the range');
  });

  it('does not show or accept choices for another portal’s Auto-Posts', async () => {
    const res = await call('POST', '/api/autoposts', otherAdmin.auth, valid());
    const foreign = res.json<AutoPost>();
    const upcoming = (await call('GET', '/api/autoposts/upcoming', coach.auth)).json<MemberAutoPost[]>();
    expect(upcoming.map((u) => u.id)).not.toContain(foreign.id);
    const choice = await call('PUT', `/api/autoposts/${foreign.id}/choice`, coach.auth, { choice: 'skip' });
    expect(choice.statusCode).toBe(404);
  });
});
