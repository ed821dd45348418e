/**
 * GET /api/queue/suggestions against figures worked out by hand: whose posts are the basis (the
 * member's own, their organisation's, FitPost's defaults), the score, the member's zone, weeks across
 * a DST change, and that no other portal's posts are ever read.
 */
import {
  addDays,
  defaultSuggestedTimes,
  fromWallTime,
  networks,
  toWallTime,
  type QueueSuggestions,
} from '@fitpost/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userProperties } from '../../db/schema.js';
import { publishedWithFigures } from '../../test/engagement.js';
import { makeUser, startTestApp, type TestApp } from '../../test/harness.js';
import { call, type TestUser } from '../../test/library.js';
import { suggestTimes } from './suggestions.js';

let t: TestApp;

/** The instants of `time` on the `weekday` (1 Monday … 7 Sunday) of each of the last `weeks` weeks, on `zone`'s clocks. */
function lastWeeks(zone: string, weekday: number, time: string, weeks: number, from = Date.now()): string[] {
  const today = toWallTime(from, zone).date;
  const found: string[] = [];
  for (let back = 1; found.length < weeks; back += 1) {
    const date = addDays(today, -back);
    const day = new Date(`${date}T00:00:00Z`).getUTCDay() || 7;
    if (day === weekday) found.push(fromWallTime({ date, time }, zone).instant);
  }
  return found;
}

async function setZone(who: TestUser, zone: string) {
  await t.db.insert(userProperties).values({ userId: who.user.id, name: 'timeZone', value: zone });
}

async function suggestions(who: TestUser) {
  const res = await call(t, who, { url: '/api/queue/suggestions' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<QueueSuggestions>();
}

let mia: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  // Mia (portal 1, India: no DST) has 30 X posts with figures: 10 on Tuesdays at 10:00 with 20
  // likes each, 20 on Thursdays at 18:00 with 2 likes (1 like and 1 link click) each, and 5
  // LinkedIn posts the network gave no figures for (not counted).
  mia = await makeUser(t, { name: 'Mia Member' });
  await setZone(mia, 'Asia/Kolkata');
  await publishedWithFigures(t, mia, 'x', [
    ...lastWeeks('Asia/Kolkata', 2, '10:00', 10).map((at) => ({ at, figures: { likes: 20 } })),
    ...lastWeeks('Asia/Kolkata', 4, '18:00', 10).map((at) => ({ at, figures: { likes: 1, clicks: 1 } })),
    ...lastWeeks('Asia/Kolkata', 4, '18:05', 10).map((at) => ({ at, figures: { likes: 2, shares: null } })),
  ]);
  await publishedWithFigures(
    t,
    mia,
    'linkedin',
    lastWeeks('Asia/Kolkata', 1, '08:00', 5).map((at) => ({ at, figures: { likes: null } })),
  );
});
afterAll(() => t.close());

describe('GET /api/queue/suggestions', () => {
  it("a member with 30 posts with figures gets their own best hours ('mine'), scored as the contract says", async () => {
    const got = await suggestions(mia);
    expect(got).toMatchObject({ basis: 'mine', posts: 30, timeZone: 'Asia/Kolkata' });
    // The X average is (10 × 20 + 20 × 2) / 30 = 8 per post. Tuesday 10:00: (200 + 3 × 8) / (10 + 3)
    // / 8 = 2.15; Thursday 18:00: (40 + 3 × 8) / (20 + 3) / 8 = 0.35.
    expect(got.slots).toEqual([
      { day: 2, time: '10:00', network: 'x', score: 2.15 },
      { day: 4, time: '18:00', network: 'x', score: 0.35 },
    ]);
  });

  it("a new member gets their organization's best hours ('organisation'), in their own zone", async () => {
    const noah = await makeUser(t, { name: 'Noah New' });
    await setZone(noah, 'Asia/Tokyo');
    const got = await suggestions(noah);
    // Mia's Tuesday 10:00 in India is 13:30 in Tokyo, her Thursday 18:00–18:05 is 21:30–21:35.
    expect(got).toMatchObject({ basis: 'organisation', posts: 30, timeZone: 'Asia/Tokyo' });
    expect(got.slots).toEqual([
      { day: 2, time: '13:00', network: 'x', score: 2.15 },
      { day: 4, time: '21:00', network: 'x', score: 0.35 },
    ]);
  });

  it("a member of a portal without figures gets FitPost's defaults, and sees no other portal's posts", async () => {
    // Another portal's member with 25 posts: their own basis, never their neighbours'.
    const otto = await makeUser(t, { portalId: 2, name: 'Otto Other' });
    await publishedWithFigures(
      t,
      otto,
      'facebook',
      lastWeeks('UTC', 5, '07:00', 25 / 5).flatMap((at) =>
        [0, 1, 2, 3, 4].map((i) => ({
          at: new Date(Date.parse(at) + i * 60_000).toISOString(),
          figures: { likes: 9 },
        })),
      ),
    );
    expect(await suggestions(otto)).toMatchObject({
      basis: 'mine',
      posts: 25,
      slots: [{ day: 5, time: '07:00', network: 'facebook', score: 1 }],
    });
    const empty = await makeUser(t, { portalId: 3, name: 'Eve Empty' });
    const got = await suggestions(empty);
    expect(got).toEqual({
      basis: 'default',
      posts: 0,
      timeZone: 'UTC',
      slots: networks.flatMap((network) =>
        defaultSuggestedTimes[network].map((s) => ({ ...s, network, score: null })),
      ),
    });
    // Portal 1's newcomers still see portal 1's 30 posts only, not Otto's 25.
    const newcomer = await makeUser(t, { name: 'Nia New' });
    expect(await suggestions(newcomer)).toMatchObject({ basis: 'organisation', posts: 30 });
  });

  it('refuses a caller who is not signed in', async () => {
    const res = await call(t, null, { url: '/api/queue/suggestions' });
    expect(res.statusCode).toBe(401);
  });

  it('weeks across a DST change keep their local times', async () => {
    // Dana in New York posts every Monday at 09:00 and every Sunday at 23:30 from 9 February to
    // 23 March 2026; the clocks went forward on 8 March, so 09:00 is 14:00Z before and 13:00Z after.
    const dana = await makeUser(t, { portalId: 5, name: 'Dana DST' });
    await setZone(dana, 'America/New_York');
    const now = Date.parse('2026-03-24T12:00:00Z');
    const mondays = lastWeeks('America/New_York', 1, '09:00', 7, now);
    const sundays = lastWeeks('America/New_York', 7, '23:30', 7, now);
    expect(new Set(mondays.map((at) => at.slice(11, 16)))).toEqual(new Set(['13:00', '14:00']));
    await publishedWithFigures(t, dana, 'x', [
      ...mondays.flatMap((at) => [at, at, at].map((a) => ({ at: a, figures: { likes: 10 } }))),
      ...sundays.map((at) => ({ at, figures: { likes: 0 } })),
    ]);
    const got = await suggestTimes(
      { db: t.db, timeZone: 'UTC', now: () => new Date(now) },
      {
        sessionId: 'direct',
        userId: dana.user.id,
        portalId: 5,
        isAdmin: false,
      },
    );
    // Average (21 × 10 + 7 × 0) / 28 = 7.5; Monday 09:00: (210 + 22.5) / 24 / 7.5 = 1.29;
    // Sunday 23:00: (0 + 22.5) / 10 / 7.5 = 0.3 (Sunday in New York, Monday in UTC).
    expect(got).toEqual({
      basis: 'mine',
      posts: 28,
      timeZone: 'America/New_York',
      slots: [
        { day: 1, time: '09:00', network: 'x', score: 1.29 },
        { day: 7, time: '23:00', network: 'x', score: 0.3 },
      ],
    });
  });
});
