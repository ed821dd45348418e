/**
 * Every report against one fixture whose answers are worked out by hand below (not by the reports' SQL).
 * The admin reads days in America/New_York, and the range 2026-03-01..2026-03-10 spans the start of
 * daylight saving time (8 March): the range starts at 05:00Z (EST) and ends at 04:00Z on 11 March (EDT).
 */
import type { MyStats, ReportResult, ReportRoute } from '@fitpost/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentItems, contentTags, favorites, feeds, tags } from '../../db/schema-library.js';
import { postMetrics } from '../../db/schema-metrics.js';
import { posts, postTargets } from '../../db/schema-posts.js';
import { socialConnections, userProperties, users } from '../../db/schema.js';
import { organisationSettings } from '../../db/schema-settings.js';
import { eq } from 'drizzle-orm';
import { makeUser, startTestApp, type TestApp } from '../../test/harness.js';
import { call, type TestUser } from '../../test/library.js';
import { csvCell } from './csv.js';
import { addDays } from '@fitpost/contract';
import { todayIn } from './range.js';

let t: TestApp;
let admin: TestUser;
let coachA: TestUser;
let coachB: TestUser;
let elsewhere: TestUser;
const RANGE = 'from=2026-03-01&to=2026-03-10';

async function connection(who: TestUser, network: 'x' | 'linkedin' | 'facebook', autoPost = false) {
  const [row] = await t.db
    .insert(socialConnections)
    .values({
      portalId: who.user.portalId,
      userId: who.user.id,
      network,
      accountId: `${network}-${who.user.id}`,
      accountName: `${who.user.fullName} on ${network}`,
      accessToken: 'never-opened',
      autoPost,
    })
    .returning();
  if (!row) throw new Error('no connection');
  return row.id;
}

interface Fixture {
  who: TestUser;
  connectionId: string;
  network: 'x' | 'linkedin' | 'facebook';
  status: 'published' | 'failed' | 'scheduled';
  at: string;
  contentId?: string;
  error?: string;
  metrics?: {
    impressions: number | null;
    likes: number;
    comments: number;
    shares: number | null;
    clicks: number | null;
  };
}

async function target(f: Fixture) {
  const [post] = await t.db
    .insert(posts)
    .values({
      portalId: f.who.user.portalId,
      userId: f.who.user.id,
      body: `Post at ${f.at}`,
      contentId: f.contentId ?? null,
    })
    .returning();
  if (!post) throw new Error('no post');
  const [row] = await t.db
    .insert(postTargets)
    .values({
      postId: post.id,
      portalId: post.portalId,
      userId: post.userId,
      connectionId: f.connectionId,
      network: f.network,
      accountName: `${f.who.user.fullName} on ${f.network}`,
      status: f.status,
      dueAt: new Date(f.at),
      publishedAt: f.status === 'published' ? new Date(f.at) : null,
      remoteId: f.status === 'published' ? `remote-${post.id}` : null,
      remoteUrl: f.status === 'published' ? `https://example.com/${post.id}` : null,
      error: f.error ?? null,
    })
    .returning();
  if (!row) throw new Error('no target');
  if (f.metrics) {
    await t.db.insert(postMetrics).values({
      targetId: row.id,
      portalId: row.portalId,
      userId: row.userId,
      network: row.network,
      publishedAt: new Date(f.at),
      ...f.metrics,
      fetchedAt: new Date(f.at),
      nextFetchAt: null,
    });
  }
}

beforeAll(async () => {
  // The deployment's zone, for members whose organisation set none and who saved none.
  t = await startTestApp({ FITPOST_TIME_ZONE: 'Asia/Tokyo' });
  admin = await makeUser(t, { admin: true, name: 'Ada Admin' });
  coachA = await makeUser(t, { name: 'Alice Coach' });
  coachB = await makeUser(t, { name: 'Ben Coach' });
  elsewhere = await makeUser(t, { portalId: 2, name: 'Cleo Elsewhere' });
  await t.db
    .insert(userProperties)
    .values({ userId: admin.user.id, name: 'timeZone', value: 'America/New_York' });
  // Ben has not signed in for 60 days (and last posted in March): inactive.
  await t.db
    .update(users)
    .set({ lastSignInAt: new Date(Date.now() - 60 * 86_400_000) })
    .where(eq(users.id, coachB.user.id));

  const [feed] = await t.db
    .insert(feeds)
    .values({
      portalId: 1,
      isSystem: true,
      name: 'Strength feed',
      url: 'https://example.com/feed.rss',
      lastStatus: 'ok',
    })
    .returning();
  const [squat, deadlift] = await t.db
    .insert(contentItems)
    .values([
      {
        portalId: 1,
        type: 'feed',
        title: 'Squat guide',
        feedId: feed?.id,
        createdAt: new Date('2026-03-02T12:00:00Z'),
      },
      {
        portalId: 1,
        type: 'feed',
        title: 'Deadlift guide',
        feedId: feed?.id,
        createdAt: new Date('2026-03-03T12:00:00Z'),
      },
    ])
    .returning();
  if (!squat || !deadlift) throw new Error('no content');
  const [strength] = await t.db
    .insert(tags)
    .values([
      { portalId: 1, name: 'strength' },
      { portalId: 1, name: 'unused' },
    ])
    .returning();
  await t.db.insert(contentTags).values({ contentId: squat.id, tagId: strength?.id ?? '' });
  await t.db.insert(favorites).values([
    { userId: coachA.user.id, contentId: squat.id, createdAt: new Date('2026-03-02T12:00:00Z') },
    { userId: coachB.user.id, contentId: squat.id, createdAt: new Date('2026-03-03T12:00:00Z') },
    { userId: coachB.user.id, contentId: deadlift.id, createdAt: new Date('2026-02-20T12:00:00Z') },
  ]);

  const aX = await connection(coachA, 'x');
  const aLinkedIn = await connection(coachA, 'linkedin');
  const bFacebook = await connection(coachB, 'facebook', true);
  const cX = await connection(elsewhere, 'x', true);
  const m = (
    impressions: number | null,
    likes: number,
    comments: number,
    shares: number | null,
    clicks: number | null,
  ) => ({
    impressions,
    likes,
    comments,
    shares,
    clicks,
  });
  // In the range: 1 March 00:00 EST, 8 March 11:00 EDT, 10 March 23:30 EDT.
  await target({
    who: coachA,
    connectionId: aX,
    network: 'x',
    status: 'published',
    at: '2026-03-01T05:00:00Z',
    contentId: squat.id,
    metrics: m(100, 10, 2, 1, 3),
  });
  await target({
    who: coachA,
    connectionId: aLinkedIn,
    network: 'linkedin',
    status: 'published',
    at: '2026-03-08T15:00:00Z',
    contentId: squat.id,
    metrics: m(null, 4, 1, null, null),
  });
  await target({
    who: coachB,
    connectionId: bFacebook,
    network: 'facebook',
    status: 'published',
    at: '2026-03-11T03:30:00Z',
    metrics: m(50, 6, 0, 0, 5),
  });
  // Outside: 11 March 00:30 EDT, and 28 February 23:59 EST (the previous period).
  await target({
    who: coachA,
    connectionId: aX,
    network: 'x',
    status: 'published',
    at: '2026-03-11T04:30:00Z',
    metrics: m(1, 1, 1, 1, 1),
  });
  await target({
    who: coachA,
    connectionId: aX,
    network: 'x',
    status: 'published',
    at: '2026-03-01T04:59:00Z',
  });
  await target({
    who: coachB,
    connectionId: bFacebook,
    network: 'facebook',
    status: 'failed',
    at: '2026-03-05T12:00:00Z',
    error: 'Duplicate content.',
  });
  await target({
    who: coachB,
    connectionId: bFacebook,
    network: 'facebook',
    status: 'failed',
    at: '2026-03-06T12:00:00Z',
    error: 'Duplicate content.',
  });
  await target({
    who: coachA,
    connectionId: aX,
    network: 'x',
    status: 'failed',
    at: '2026-03-06T12:00:00Z',
    error: '=HYPERLINK("http://evil")',
  });
  await target({
    who: coachA,
    connectionId: aX,
    network: 'x',
    status: 'scheduled',
    at: new Date(Date.now() + 2 * 86_400_000).toISOString(),
  });
  await target({
    who: coachA,
    connectionId: aX,
    network: 'x',
    status: 'scheduled',
    at: new Date(Date.now() + 20 * 86_400_000).toISOString(),
  });
  // Another portal's post, with figures that would show anywhere they leaked.
  await target({
    who: elsewhere,
    connectionId: cX,
    network: 'x',
    status: 'published',
    at: '2026-03-05T12:00:00Z',
    metrics: m(9999, 999, 99, 9, 9),
  });
});
afterAll(() => t.close());

async function report(route: ReportRoute, query = RANGE, who: TestUser = admin) {
  const res = await call(t, who, { method: 'GET', url: `/api/report/${route}?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ReportResult>();
}

describe('reports', () => {
  it('Basic Stats: each figure against the previous period (19–28 February)', async () => {
    const r = await report('stats');
    expect(r).toMatchObject({
      title: 'Basic Stats',
      from: '2026-03-01',
      to: '2026-03-10',
      timeZone: 'America/New_York',
    });
    const figures = Object.fromEntries(r.rows.map((row) => [row.metric, [row.current, row.previous]]));
    expect(figures).toEqual({
      'Members with FitPost access': [3, null],
      'Members active (published a post)': [2, 1],
      'Connected accounts: X': [1, null],
      'Connected accounts: LinkedIn': [1, null],
      'Connected accounts: Facebook Page': [1, null],
      'Connected accounts: Instagram': [0, null],
      'Auto-Post opt-ins (accounts)': [1, null],
      'Posts scheduled (per account)': [6, 1],
      'Posts published (per account)': [3, 1],
      'Posts failed (per account)': [3, 0],
      'Auto-Posts sent': [0, 0],
      'Members reached by Auto-Posts': [0, 0],
      // LinkedIn does not tell impressions: 100 + 50, not a zero added in.
      'Engagement: Impressions': [150, null],
      'Engagement: Likes': [20, null],
      'Engagement: Comments': [3, null],
      'Engagement: Shares': [1, null],
      'Engagement: Link clicks': [8, null],
    });
  });

  it('Posts Per Day: ten local days, published by network, failures', async () => {
    const r = await report('postsperday');
    expect(r.rows.map((row) => row.day)).toEqual([
      '2026-03-01',
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
      '2026-03-09',
      '2026-03-10',
    ]);
    const nonZero = r.rows.filter((row) => row.published !== 0 || row.failed !== 0);
    expect(nonZero).toEqual([
      { day: '2026-03-01', x: 1, linkedin: 0, facebook: 0, instagram: 0, published: 1, failed: 0 },
      { day: '2026-03-05', x: 0, linkedin: 0, facebook: 0, instagram: 0, published: 0, failed: 1 },
      { day: '2026-03-06', x: 0, linkedin: 0, facebook: 0, instagram: 0, published: 0, failed: 2 },
      { day: '2026-03-08', x: 0, linkedin: 1, facebook: 0, instagram: 0, published: 1, failed: 0 },
      { day: '2026-03-10', x: 0, linkedin: 0, facebook: 1, instagram: 0, published: 1, failed: 0 },
    ]);
    expect(r.chart).toMatchObject({ x: 'day', stacked: true, line: 'failed' });
    // Headings in the product's words (the keys stay the stored values, for the chart).
    expect(r.columns.map((c) => c.label)).toEqual([
      'Day',
      'X',
      'LinkedIn',
      'Facebook Page',
      'Instagram',
      'Published',
      'Failed',
    ]);
  });

  it('Top Content, Top Favorites, Top Tags', async () => {
    expect((await report('popularcontent')).rows).toEqual([
      {
        title: 'Squat guide',
        posts: 2,
        autoPosts: 0,
        impressions: 100,
        likes: 14,
        comments: 3,
        shares: 1,
        clicks: 3,
        linkClicks: 0,
      },
    ]);
    expect((await report('popularfavorites')).rows).toEqual([{ title: 'Squat guide', favorites: 2 }]);
    expect((await report('populartags')).rows).toEqual([
      { tag: 'strength', posts: 2, favorites: 2 },
      { tag: 'unused', posts: 0, favorites: 0 },
    ]);
  });

  it('Top Platforms: accounts, published, failed, rate, commonest reason, engagement', async () => {
    const rows = Object.fromEntries((await report('popularplatforms')).rows.map((row) => [row.network, row]));
    expect(rows.X).toMatchObject({ accounts: 1, published: 1, failed: 1, failureRate: 50, likes: 10 });
    expect(rows.LinkedIn).toMatchObject({
      accounts: 1,
      published: 1,
      failed: 0,
      failureRate: 0,
      impressions: null,
      likes: 4,
    });
    expect(rows['Facebook Page']).toMatchObject({
      accounts: 1,
      published: 1,
      failed: 2,
      failureRate: 66.7,
      reason: 'Duplicate content.',
      likes: 6,
    });
    expect(rows.Instagram).toMatchObject({
      accounts: 0,
      published: 0,
      failed: 0,
      failureRate: null,
      likes: null,
    });
    expect(
      (await report('popularplatforms', `${RANGE}&network=facebook`)).rows.map((row) => row.network),
    ).toEqual(['Facebook Page']);
  });

  it('Posts Detail: every account of every post in the range, sortable and paged', async () => {
    const all = await report('postsdetail');
    expect(all.total).toBe(6);
    const byLikes = await report('postsdetail', `${RANGE}&sort=likes&desc=true&pagesize=2`);
    expect(byLikes.rows.map((row) => [row.member, row.network, row.likes])).toEqual([
      ['Alice Coach', 'X', 10],
      ['Ben Coach', 'Facebook Page', 6],
    ]);
    expect(byLikes.rows[0]).toMatchObject({
      source: 'Library',
      status: 'Posted',
      scheduledAt: '2026-03-01 00:00',
    });
    const page3 = await report('postsdetail', `${RANGE}&sort=likes&desc=true&pagesize=2&page=3`);
    expect(page3.rows).toHaveLength(2);
    expect((await report('postsdetail', `${RANGE}&network=linkedin`)).rows.map((r) => r.scheduledAt)).toEqual(
      ['2026-03-08 11:00'],
    );
  });

  it('Upcoming Posts, Inactive Users, Feed Usage, Top Users', async () => {
    // Upcoming Posts looks ahead: today and the next 29 days unless asked otherwise.
    const upcoming = await report('upcoming', '');
    expect(upcoming.rows.map((row) => [row.member, row.network])).toEqual([
      ['Alice Coach', 'X'],
      ['Alice Coach', 'X'],
    ]);
    const today = todayIn('America/New_York');
    expect([upcoming.from, upcoming.to]).toEqual([today, addDays(today, 29)]);
    expect((await report('upcoming', 'days=7')).rows).toHaveLength(1);
    // A past range holds nothing upcoming.
    expect((await report('upcoming')).rows).toEqual([]);
    const inactive = await report('usersinactive');
    expect(inactive.rows.map((row) => [row.member, row.accounts, row.autoPost])).toEqual([
      ['Ben Coach', 1, 'On'],
    ]);
    // Each row's member id, so the admin can message them; not a column of the table or the CSV.
    expect(inactive.memberIds).toEqual([coachB.user.id]);
    expect(inactive.columns.map((c) => c.key)).not.toContain('user_id');
    expect((await report('feedusage')).rows).toEqual([
      { feed: 'Strength feed', owner: 'System', items: 2, used: 1, lastRefresh: null, outcome: 'OK' },
    ]);
    expect((await report('topusers')).rows).toEqual([
      {
        member: 'Alice Coach',
        published: 2,
        failed: 1,
        impressions: 100,
        likes: 14,
        comments: 3,
        shares: 1,
        clicks: 3,
        linkClicks: 0,
      },
      {
        member: 'Ben Coach',
        published: 1,
        failed: 2,
        impressions: 50,
        likes: 6,
        comments: 0,
        shares: 0,
        clicks: 5,
        linkClicks: 0,
      },
    ]);
  });

  it('without tz, days are read in the admin’s zone, else the organisation’s, else the deployment’s; each answer names it', async () => {
    expect((await report('stats', RANGE)).timeZone).toBe('America/New_York');
    expect((await report('stats', `${RANGE}&tz=Australia/Sydney`)).timeZone).toBe('Australia/Sydney');
    const london = await makeUser(t, { portalId: 3, admin: true });
    await t.db.insert(organisationSettings).values({ portalId: 3, defaultTimeZone: 'Europe/London' });
    expect((await report('stats', RANGE, london)).timeZone).toBe('Europe/London');
    const tokyo = await makeUser(t, { portalId: 4, admin: true });
    const upcoming = await report('upcoming', '', tokyo);
    expect(upcoming.timeZone).toBe('Asia/Tokyo');
    expect(upcoming.from).toBe(todayIn('Asia/Tokyo'));
    // A member's own results too (Alice saved no zone; her organisation set none).
    const mine = await call(t, coachA, { method: 'GET', url: `/api/stats/me?${RANGE}` });
    expect(mine.json<MyStats>().timeZone).toBe('Asia/Tokyo');
  });

  it('another portal’s admin sees none of it; members are refused; bad input is a 400', async () => {
    const otherAdmin = await makeUser(t, { portalId: 2, admin: true });
    const theirs = await report('topusers', RANGE, otherAdmin);
    expect(theirs.rows.map((row) => row.member)).toEqual(['Cleo Elsewhere']);
    for (const route of ['stats', 'postsdetail'] as const) {
      const res = await call(t, coachA, { method: 'GET', url: `/api/report/${route}?${RANGE}` });
      expect(res.statusCode).toBe(403);
    }
    for (const query of [
      'from=2026-02-30',
      'from=2026-03-10&to=2026-03-01',
      'network=myspace',
      'tz=Mars/Base',
      'from=2020-01-01&to=2026-01-01',
    ]) {
      const res = await call(t, admin, { method: 'GET', url: `/api/report/stats?${query}` });
      expect(res.statusCode, query).toBe(400);
    }
    expect((await call(t, admin, { method: 'GET', url: '/api/report/nonsense' })).statusCode).toBe(400);
    expect((await call(t, null, { method: 'GET', url: '/api/report/stats' })).statusCode).toBe(401);
  });

  it('CSV: streamed with a header row, RFC 4180 quoting, formulas neutralised, named for report and range', async () => {
    const res = await call(t, admin, {
      method: 'GET',
      url: `/api/report/postsdetail?${RANGE}&format=csv&sort=scheduledAt`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="fitpost-postsdetail-2026-03-01-to-2026-03-10.csv"',
    );
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe(
      'Member,Source,Network,Account,Status,Scheduled,Published,Live link,Failure reason,Text,Impressions,Likes,Comments,Shares,Link clicks',
    );
    expect(lines).toHaveLength(6 + 2);
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil"")"`);
    // Cells and headings in the product's words, as on screen.
    expect(res.body).toContain(',Library,X,Alice Coach on x,Posted,2026-03-01 00:00,');
    expect(res.body).not.toMatch(/,(published|failed|facebook),/);
    const perDay = await call(t, admin, {
      method: 'GET',
      url: `/api/report/postsperday?${RANGE}&format=csv`,
    });
    expect(perDay.body.split('\r\n')[0]).toBe('Day,X,LinkedIn,Facebook Page,Instagram,Published,Failed');
    expect(csvCell('+1 555')).toBe("'+1 555");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell(-2)).toBe('-2');
    expect(csvCell(null)).toBe('');
  });
});

describe('GET /api/stats/me', () => {
  it('a member’s own results only: totals against the previous period, per day, best and recent posts', async () => {
    const res = await call(t, coachA, { method: 'GET', url: `/api/stats/me?${RANGE}&tz=America/New_York` });
    expect(res.statusCode, res.body).toBe(200);
    const mine = res.json<MyStats>();
    expect(mine.published).toEqual({ current: 2, previous: 1 });
    expect(mine.byNetwork).toEqual([
      { network: 'x', published: 1 },
      { network: 'linkedin', published: 1 },
      { network: 'facebook', published: 0 },
      { network: 'instagram', published: 0 },
    ]);
    expect(mine.engagement.current).toEqual({
      impressions: 100,
      likes: 14,
      comments: 3,
      shares: 1,
      clicks: 3,
    });
    expect(mine.engagement.previous).toEqual({
      impressions: null,
      likes: null,
      comments: null,
      shares: null,
      clicks: null,
    });
    expect(mine.perDay).toHaveLength(10);
    expect(mine.perDay.find((d) => d.day === '2026-03-08')).toEqual({
      day: '2026-03-08',
      published: 1,
      likes: 4,
      comments: 1,
    });
    expect(mine.best.map((p) => p.metrics.likes)).toEqual([10, 4]);
    // Newest first, up to the range's end: 8 March, the failure of 6 March, 1 March 00:00 and 28 February 23:59.
    expect(mine.recent.map((p) => [p.network, p.status, p.metrics.likes])).toEqual([
      ['linkedin', 'published', 4],
      ['x', 'failed', null],
      ['x', 'published', 10],
      ['x', 'published', null],
    ]);
    // Nothing of the other portal's post: not its account, not its figures. (Numbers compared as
    // numbers: a random id may contain the digits 999.)
    expect(new Set([...mine.best, ...mine.recent].map((p) => p.accountName))).toEqual(
      new Set(['Alice Coach on x', 'Alice Coach on linkedin']),
    );
    expect(numbersIn(mine)).not.toContain(999);
    expect(numbersIn(mine)).not.toContain(9999);
  });
});

/** Every number anywhere in a JSON value. */
function numbersIn(value: unknown): number[] {
  if (typeof value === 'number') return [value];
  if (value === null || typeof value !== 'object') return [];
  return Object.values(value).flatMap(numbersIn);
}
