/**
 * Best Times (issue 29) against figures worked out by hand: the admin reads the week in
 * America/New_York, and the range 2026-03-01..2026-03-10 spans the start of daylight saving time
 * (8 March), so 09:00 on a Monday is 14:00Z on 2 March and 13:00Z on 9 March.
 */
import type { ReportResult } from '@fitpost/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userProperties } from '../../db/schema.js';
import { publishedWithFigures } from '../../test/engagement.js';
import { makeUser, startTestApp, type TestApp } from '../../test/harness.js';
import { call, type TestUser } from '../../test/library.js';

let t: TestApp;
let admin: TestUser;
let coach: TestUser;
let otherAdmin: TestUser;
const RANGE = 'from=2026-03-01&to=2026-03-10';

async function bestTimes(who: TestUser, query = RANGE) {
  const res = await call(t, who, { url: `/api/report/besttimes?${query}&pagesize=200` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ReportResult>();
}

/** The rows that hold posts (the other cells are zeros), as `day hour: posts, engagement, per post`. */
function busy(result: ReportResult) {
  return result.rows
    .filter((r) => r.posts !== 0)
    .map((r) => `${r.day} ${r.hour}: ${r.posts}, ${r.engagement}, ${r.perPost}`);
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await makeUser(t, { admin: true, name: 'Ada Admin' });
  coach = await makeUser(t, { name: 'Cal Coach' });
  otherAdmin = await makeUser(t, { portalId: 2, admin: true, name: 'Olga Other' });
  await t.db
    .insert(userProperties)
    .values({ userId: admin.user.id, name: 'timeZone', value: 'America/New_York' });
  await publishedWithFigures(t, coach, 'x', [
    { at: '2026-03-02T14:00:00Z', figures: { likes: 4, comments: 2, impressions: 900 } }, // Mon 09:00 EST: 6
    { at: '2026-03-08T04:30:00Z', figures: { likes: 1 } }, // Sat 7 March 23:30 EST: 1
    { at: '2026-03-01T04:59:00Z', figures: { likes: 50 } }, // Sat 28 Feb 23:59 EST: before the range
    { at: '2026-03-11T04:00:00Z', figures: { likes: 50 } }, // Thu 12 March 00:00 EDT: after it
  ]);
  await publishedWithFigures(t, admin, 'linkedin', [
    { at: '2026-03-09T13:00:00Z', figures: { likes: 3, shares: 1 } }, // Mon 09:00 EDT: 4
    { at: '2026-03-09T13:10:00Z', figures: { likes: null } }, // no figures: not counted
  ]);
  await publishedWithFigures(t, otherAdmin, 'x', [{ at: '2026-03-02T14:00:00Z', figures: { likes: 70 } }]);
});
afterAll(() => t.close());

describe('GET /api/report/besttimes', () => {
  it('answers every weekday × hour of the week on the admin’s clocks, with the posts behind each cell', async () => {
    const got = await bestTimes(admin);
    expect(got).toMatchObject({
      report: 'besttimes',
      title: 'Best Times',
      timeZone: 'America/New_York',
      total: 168,
    });
    expect(got.columns.map((c) => c.label)).toEqual([
      'Day',
      'Hour',
      'Posts',
      'Engagement',
      'Engagement per post',
    ]);
    expect(got.rows[0]).toEqual({ day: 'Monday', hour: '00:00', posts: 0, engagement: 0, perPost: null });
    expect(got.rows[167]).toMatchObject({ day: 'Sunday', hour: '23:00' });
    // Monday 09:00 on both sides of the change: (6 + 4) / 2 posts = 5 a post.
    expect(busy(got)).toEqual(['Monday 09:00: 2, 10, 5', 'Saturday 23:00: 1, 1, 1']);
  });

  it('reads another zone when asked, and one network', async () => {
    // In UTC the days are UTC's: 1 March 04:59Z is now in the range, beside 8 March 04:30Z.
    expect(busy(await bestTimes(admin, `${RANGE}&tz=UTC`))).toEqual([
      'Monday 13:00: 1, 4, 4',
      'Monday 14:00: 1, 6, 6',
      'Sunday 04:00: 2, 51, 25.5',
    ]);
    expect(busy(await bestTimes(admin, `${RANGE}&network=x`))).toEqual([
      'Monday 09:00: 1, 6, 6',
      'Saturday 23:00: 1, 1, 1',
    ]);
  });

  it('sorts by a figure, the week’s order breaking ties', async () => {
    const got = await bestTimes(admin, `${RANGE}&sort=perPost&desc=true`);
    expect(got.rows.slice(0, 3).map((r) => `${r.day} ${r.hour}`)).toEqual([
      'Monday 09:00',
      'Saturday 23:00',
      'Monday 00:00',
    ]);
  });

  it('downloads as CSV through the reports’ CSV path', async () => {
    const res = await call(t, admin, { url: `/api/report/besttimes?${RANGE}&format=csv` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="fitpost-besttimes-2026-03-01-to-2026-03-10.csv"',
    );
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('Day,Hour,Posts,Engagement,Engagement per post');
    expect(lines).toHaveLength(1 + 168 + 1);
    expect(lines[1]).toBe('Monday,00:00,0,0,');
    expect(lines).toContain('Monday,09:00,2,10,5');
  });

  it('is for admins only, and each admin sees their own portal', async () => {
    expect((await call(t, coach, { url: `/api/report/besttimes?${RANGE}` })).statusCode).toBe(403);
    expect((await call(t, null, { url: `/api/report/besttimes?${RANGE}` })).statusCode).toBe(401);
    // Olga's zone is the deployment's (UTC): her one post, Monday 14:00Z.
    expect(busy(await bestTimes(otherAdmin))).toEqual(['Monday 14:00: 1, 70, 70']);
  });
});
