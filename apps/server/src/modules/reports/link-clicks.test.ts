/**
 * Link Clicks' views (issue 30: "by post, by member, by network, CSV") and Top Users / Top Content
 * sorted by FitPost link clicks, against links and hourly counts written by hand (the redirect and
 * its counting are links.test.ts's): two members of portal 1 with links on X and LinkedIn, one link
 * only previewed by a crawler, a click outside the range, and another portal's link.
 */
import { randomUUID } from 'node:crypto';
import type { Network, ReportResult } from '@fitpost/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shortLinkClicks, shortLinks } from '../../db/schema-links.js';
import { makeUser, startTestApp, type TestApp } from '../../test/harness.js';
import { addContent, call, type TestUser } from '../../test/library.js';

let t: TestApp;
let admin: TestUser;
let casey: TestUser;
let robin: TestUser;
let otherAdmin: TestUser;
let contentId: string;
const RANGE = 'from=2026-03-01&to=2026-03-10&tz=UTC';
let seq = 0;

/** A link of `who` on `network` with its clicks, unique clicks and previews in one hour of `at`. */
async function link(
  who: TestUser,
  network: Network,
  counts: { at: string; clicks: number; uniqueClicks: number; previews: number }[],
  options: { contentId?: string } = {},
) {
  seq += 1;
  const code = `Code${String(seq).padStart(6, '0')}`;
  await t.db.insert(shortLinks).values({
    code,
    portalId: who.user.portalId,
    userId: who.user.id,
    postId: randomUUID(),
    targetId: randomUUID(),
    contentId: options.contentId ?? null,
    network,
    accountName: `${who.user.fullName} on ${network}`,
    text: `Post ${seq}`,
    destination: `https://example.org/${seq}`,
    createdAt: new Date('2026-03-01T08:00:00Z'),
  });
  if (counts.length > 0)
    await t.db
      .insert(shortLinkClicks)
      .values(counts.map(({ at, ...c }) => ({ code, hour: new Date(at), ...c })));
  return code;
}

async function report(who: TestUser, route: string, query = '') {
  const res = await call(t, who, { url: `/api/report/${route}?${RANGE}${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ReportResult>();
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await makeUser(t, { admin: true, name: 'Ada Admin' });
  casey = await makeUser(t, { name: 'Casey Clicks' });
  robin = await makeUser(t, { name: 'Robin Reach' });
  otherAdmin = await makeUser(t, { portalId: 2, admin: true, name: 'Olga Other' });
  contentId = await addContent(t, admin, { title: 'Book a session', body: 'Book your first session' });
  await link(
    casey,
    'x',
    [
      { at: '2026-03-02T10:00:00Z', clicks: 4, uniqueClicks: 3, previews: 1 },
      { at: '2026-03-03T10:00:00Z', clicks: 2, uniqueClicks: 2, previews: 0 },
      { at: '2026-03-20T10:00:00Z', clicks: 50, uniqueClicks: 50, previews: 0 }, // after the range
    ],
    { contentId },
  );
  await link(casey, 'linkedin', [{ at: '2026-03-04T10:00:00Z', clicks: 1, uniqueClicks: 1, previews: 2 }]);
  await link(robin, 'x', [{ at: '2026-03-05T10:00:00Z', clicks: 3, uniqueClicks: 1, previews: 0 }]);
  // Only a crawler fetched it: previews, no link clicked.
  await link(robin, 'linkedin', [{ at: '2026-03-05T10:00:00Z', clicks: 0, uniqueClicks: 0, previews: 5 }]);
  await link(otherAdmin, 'x', [{ at: '2026-03-02T10:00:00Z', clicks: 90, uniqueClicks: 90, previews: 0 }]);
});
afterAll(() => t.close());

describe('GET /api/report/linkclicks', () => {
  it('by post (the default): one row per link, most clicked first, its view named', async () => {
    const got = await report(admin, 'linkclicks');
    expect(got.view).toBe('post');
    expect(got.rows.map((r) => [r.member, r.network, r.clicks, r.uniqueClicks, r.previews])).toEqual([
      ['Casey Clicks', 'X', 6, 5, 1],
      ['Robin Reach', 'X', 3, 1, 0],
      ['Casey Clicks', 'LinkedIn', 1, 1, 2],
      ['Robin Reach', 'LinkedIn', 0, 0, 5],
    ]);
    expect((await report(admin, 'linkclicks', '&by=post')).rows).toEqual(got.rows);
  });

  it('by member: each member’s links summed, with how many of them were clicked', async () => {
    const got = await report(admin, 'linkclicks', '&by=member');
    expect(got.view).toBe('member');
    expect(got.columns.map((c) => c.label)).toEqual([
      'Member',
      'Links clicked',
      'Clicks',
      'Unique clicks',
      'Link previews',
    ]);
    expect(got.rows).toEqual([
      { member: 'Casey Clicks', links: 2, clicks: 7, uniqueClicks: 6, previews: 3 },
      { member: 'Robin Reach', links: 1, clicks: 3, uniqueClicks: 1, previews: 5 },
    ]);
    expect(got.chart).toEqual({ x: 'member', bars: ['clicks', 'uniqueClicks'], stacked: false });
    const fewest = await report(admin, 'linkclicks', '&by=member&sort=previews&desc=false');
    expect(fewest.rows.map((r) => r.member)).toEqual(['Casey Clicks', 'Robin Reach']);
  });

  it('by network: the links of each network summed, and the network filter keeps one', async () => {
    const got = await report(admin, 'linkclicks', '&by=network');
    expect(got.rows).toEqual([
      { network: 'X', links: 2, clicks: 9, uniqueClicks: 6, previews: 1 },
      { network: 'LinkedIn', links: 1, clicks: 1, uniqueClicks: 1, previews: 7 },
    ]);
    const linkedIn = await report(admin, 'linkclicks', '&by=network&network=linkedin');
    expect(linkedIn.rows).toEqual([
      { network: 'LinkedIn', links: 1, clicks: 1, uniqueClicks: 1, previews: 7 },
    ]);
  });

  it('writes each view as CSV, named by its view', async () => {
    const byMember = await call(t, admin, { url: `/api/report/linkclicks?${RANGE}&by=member&format=csv` });
    expect(byMember.statusCode).toBe(200);
    expect(byMember.headers['content-disposition']).toBe(
      'attachment; filename="fitpost-linkclicks-by-member-2026-03-01-to-2026-03-10.csv"',
    );
    expect(byMember.body.split('\r\n')).toEqual([
      'Member,Links clicked,Clicks,Unique clicks,Link previews',
      'Casey Clicks,2,7,6,3',
      'Robin Reach,1,3,1,5',
      '',
    ]);
    const byNetwork = await call(t, admin, { url: `/api/report/linkclicks?${RANGE}&by=network&format=csv` });
    expect(byNetwork.headers['content-disposition']).toContain('fitpost-linkclicks-by-network-');
    expect(byNetwork.body.split('\r\n').slice(0, 3)).toEqual([
      'Network,Links clicked,Clicks,Unique clicks,Link previews',
      'X,2,9,6,1',
      'LinkedIn,1,1,1,7',
    ]);
    const byPost = await call(t, admin, { url: `/api/report/linkclicks?${RANGE}&format=csv` });
    expect(byPost.headers['content-disposition']).toContain(
      '"fitpost-linkclicks-2026-03-01-to-2026-03-10.csv"',
    );
    expect(byPost.body.split('\r\n')[0]).toBe(
      'Post,Member,Network,Account,Published,Short link,Destination,Clicks,Unique clicks,Link previews',
    );
  });

  it('keeps another portal’s links out of every view', async () => {
    for (const by of ['post', 'member', 'network']) {
      const theirs = await report(otherAdmin, 'linkclicks', `&by=${by}`);
      expect(theirs.rows).toHaveLength(1);
      expect(theirs.rows[0]?.clicks).toBe(90);
    }
  });

  it('refuses a view the report does not have, and a view on a report of one view (400); a member gets 403', async () => {
    for (const query of ['&by=week', '&by=member%20', '&by=']) {
      const res = await call(t, admin, { url: `/api/report/linkclicks?${RANGE}${query}` });
      expect(res.statusCode, query).toBe(400);
    }
    const topUsers = await call(t, admin, { url: `/api/report/topusers?${RANGE}&by=member` });
    expect(topUsers.statusCode).toBe(400);
    expect(topUsers.json<{ error: { message: string } }>().error.message).toBe(
      'Top Users has one view: leave out by',
    );
    const member = await call(t, casey, { url: `/api/report/linkclicks?${RANGE}&by=member` });
    expect(member.statusCode).toBe(403);
  });
});

describe('Top Users and Top Content by FitPost link clicks', () => {
  it('Top Users sorts by linkClicks, both ways', async () => {
    const most = await report(admin, 'topusers', '&sort=linkClicks&desc=true');
    expect(most.rows.map((r) => [r.member, r.linkClicks])).toEqual([
      ['Casey Clicks', 7],
      ['Robin Reach', 3],
    ]);
    const least = await report(admin, 'topusers', '&sort=linkClicks&desc=false');
    expect(least.rows.map((r) => r.member)).toEqual(['Robin Reach', 'Casey Clicks']);
  });

  it('Top Content counts the clicks on links of posts made from an item, and sorts by them', async () => {
    const got = await report(admin, 'popularcontent', '&sort=linkClicks&desc=true');
    expect(got.columns.map((c) => c.key)).toContain('linkClicks');
    expect(got.rows).toEqual([expect.objectContaining({ title: 'Book a session', linkClicks: 6 })]);
  });
});
