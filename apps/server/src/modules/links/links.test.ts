import { startSandbox, type Sandbox } from '@fitpost/sandbox';
import { injectFault, publishedPosts } from '@fitpost/sandbox/testing';
import { shortLinkLimits, shortLinkMessages, type MyStats, type ReportResult } from '@fitpost/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postTargets, rateLimits } from '../../db/schema-posts.js';
import { rowsOf } from '../../db/bulk.js';
import { testEngineDeps } from '../../test/engine.js';
import { makeUser, startTestApp, type TestApp } from '../../test/harness.js';
import { connectX, networkEnv } from '../../test/social.js';
import { publishTarget, publishTargets } from '../posts/engine.js';
import type { EngineDeps } from '../posts/engine-deps.js';
import { isPreviewFetch } from './crawlers.js';
import { ClickRecorder } from './recorder.js';
import './routes.js';

let sandbox: Sandbox;
let t: TestApp;
let deps: EngineDeps;
let seq = 0;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, redirectUris: ['http://localhost:3000/oauth'] });
  t = await startTestApp(networkEnv(sandbox.url));
  deps = { ...testEngineDeps(t), shortLinks: { publicUrl: t.config.publicUrl } };
  shortLink = new RegExp(`${t.config.publicUrl.replace(/[.?/]/g, '\\$&')}/l/([A-Za-z0-9]+)`);
});
afterAll(async () => {
  await t.close();
  await sandbox.close();
});

const browser =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
/** `<FITPOST_PUBLIC_URL>/l/<code>`, the code captured. */
let shortLink: RegExp;

type Member = Awaited<ReturnType<typeof makeUser>>;

/** A member's post with a link (`body` starts its text), saved to publish now on their X account; answers its target's job. */
async function savedWithLink(member: Member, connectionId: string, link: string, body: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/posts',
    headers: member.auth,
    payload: { body, link, connectionIds: [connectionId], publishNow: true },
  });
  expect(res.statusCode, res.body).toBe(201);
  const postId = res.json<{ id: string }>().id;
  const [target] = await t.db.select().from(postTargets).where(eq(postTargets.postId, postId));
  if (!target) throw new Error('no target');
  return { postId, body, link, job: { targetId: target.id, version: target.version } };
}

/** A member's post with a link, published on their X account through the engine; answers what X received. */
async function publishWithLink(member: Member, connectionId: string, link: string) {
  const { postId, body, job } = await savedWithLink(
    member,
    connectionId,
    link,
    `Book a session #${++seq} ${Date.now()}`,
  );
  expect(await publishTarget(deps, job)).toBe('published');
  const sent = (await publishedPosts(sandbox.url)).find((p) => p.text.startsWith(body));
  if (!sent) throw new Error('X received nothing');
  return { postId, targetId: job.targetId, text: sent.text, code: shortLink.exec(sent.text)?.[1] };
}

const follow = (
  code: string,
  headers: Record<string, string> = { 'user-agent': browser },
  ip = '203.0.113.7',
) => t.app.inject({ method: 'GET', url: `/l/${code}`, headers, remoteAddress: ip });

/** The link's counts over all time, once the recorder has written what it holds. */
async function countsOf(code: string) {
  await t.app.linkClicks.flush();
  const [row] = await rowsOf<{ clicks: number; unique: number; previews: number }>(
    t.db,
    sql`select coalesce(sum(clicks), 0)::int as clicks, coalesce(sum(unique_clicks), 0)::int as unique,
      coalesce(sum(previews), 0)::int as previews from short_link_clicks where code = ${code}`,
  );
  return row;
}

async function setTrackLinks(admin: Member, trackLinks: boolean) {
  const current = (await t.app.inject({ url: '/api/settings/organisation', headers: admin.auth })).json<
    Record<string, unknown>
  >();
  const { defaults: _defaults, changes: _changes, ...body } = current;
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/settings/organisation',
    headers: admin.auth,
    payload: { ...body, trackLinks },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ trackLinks: boolean; changes: { fields: { field: string; to: string | null }[] }[] }>();
}

describe('publishing with short links', () => {
  it('sends the link as <FITPOST_PUBLIC_URL>/l/<code>, which redirects to the destination with its UTM tags', async () => {
    const member = await makeUser(t);
    const x = await connectX(t, member.auth);
    const destination = 'https://book.example.com/casey?utm_source=x&utm_medium=social';
    const sent = await publishWithLink(member, x, destination);
    expect(sent.text).not.toContain('book.example.com');
    expect(sent.text).toMatch(shortLink);
    expect(sent.code).toMatch(new RegExp(`^[A-Za-z0-9]{${shortLinkLimits.codeLength}}$`));
    const res = await follow(sent.code ?? '');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(destination);
    // HEAD answers the same and counts nothing.
    const head = await t.app.inject({
      method: 'HEAD',
      url: `/l/${sent.code}`,
      headers: { 'user-agent': browser },
    });
    expect(head.statusCode).toBe(302);
    expect(head.headers.location).toBe(destination);
    expect(await countsOf(sent.code ?? '')).toEqual({ clicks: 1, unique: 1, previews: 0 });
  });

  it('keeps a deleted post’s link working, with its counts', async () => {
    const member = await makeUser(t);
    const x = await connectX(t, member.auth);
    const sent = await publishWithLink(member, x, 'https://example.org/kept');
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/posts/${sent.postId}`,
      headers: member.auth,
    });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect(await t.db.select().from(postTargets).where(eq(postTargets.id, sent.targetId))).toEqual([]);
    const res = await follow(sent.code ?? '');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://example.org/kept');
    expect(await countsOf(sent.code ?? '')).toEqual({ clicks: 1, unique: 1, previews: 0 });
  });

  it('sends links as they are while the organisation’s Track links is off, and records the change', async () => {
    const admin = await makeUser(t, { admin: true, portalId: 31 });
    const member = await makeUser(t, { portalId: 31 });
    const x = await connectX(t, member.auth);
    const saved = await setTrackLinks(admin, false);
    expect(saved.trackLinks).toBe(false);
    expect(saved.changes[0]?.fields).toEqual([{ field: 'trackLinks', from: 'true', to: 'false' }]);
    const off = await publishWithLink(member, x, 'https://example.org/untracked');
    expect(off.code).toBeUndefined();
    expect(off.text).toContain('https://example.org/untracked');
    await setTrackLinks(admin, true);
    const on = await publishWithLink(member, x, 'https://example.org/tracked');
    expect(on.code).toBeDefined();
  });
});

describe('a batch of targets going out together', () => {
  it('gives each tracked target its own code and sends the others’ links as they are', async () => {
    const admin = await makeUser(t, { admin: true, portalId: 35 });
    await setTrackLinks(admin, false);
    const tracked = await Promise.all([makeUser(t), makeUser(t)]);
    const untracked = await makeUser(t, { portalId: 35 });
    const saved = [];
    for (const [i, member] of [...tracked, untracked].entries())
      saved.push(
        await savedWithLink(
          member,
          await connectX(t, member.auth),
          `https://example.org/batch/${i}`,
          `Batch class #${++seq} ${Date.now()}`,
        ),
      );
    expect(
      await publishTargets(
        deps,
        saved.map((s) => s.job),
      ),
    ).toEqual(['published', 'published', 'published']);
    const sent = await publishedPosts(sandbox.url);
    const textOf = (body: string) => sent.find((p) => p.text.startsWith(body))?.text ?? '';
    const codes = saved.slice(0, 2).map((s) => shortLink.exec(textOf(s.body))?.[1]);
    expect(new Set(codes).size).toBe(2);
    for (const [i, code] of codes.entries()) {
      expect((await follow(code ?? '')).headers.location).toBe(saved[i]?.link);
    }
    expect(textOf(saved[2]?.body ?? '')).toContain('https://example.org/batch/2');
    expect(textOf(saved[2]?.body ?? '')).not.toMatch(shortLink);
  });

  it('keeps a target’s code when its send is retried', async () => {
    const member = await makeUser(t);
    const x = await connectX(t, member.auth);
    const { body, job } = await savedWithLink(
      member,
      x,
      'https://example.org/retried',
      `Retried class #${++seq} ${Date.now()}`,
    );
    await injectFault(sandbox.url, { network: 'x', kind: 'rate_limit', resetSeconds: 2 });
    expect(await publishTarget(deps, job)).toBe('retrying');
    const [waiting] = await t.db.select().from(postTargets).where(eq(postTargets.id, job.targetId));
    if (!waiting) throw new Error('no target');
    const later = { ...deps, now: () => new Date(waiting.dueAt.getTime() + 3000) };
    expect(await publishTarget(later, { targetId: waiting.id, version: waiting.version })).toBe('published');
    const texts = (await publishedPosts(sandbox.url))
      .filter((p) => p.text.startsWith(body))
      .map((p) => p.text);
    expect(texts).toHaveLength(1);
    const [row] = await rowsOf<{ codes: number; code: string }>(
      t.db,
      sql`select count(*)::int as codes, min(code) as code from short_links where target_id = ${job.targetId}`,
    );
    expect(row?.codes).toBe(1);
    expect(shortLink.exec(texts[0] ?? '')?.[1]).toBe(row?.code);
    await t.db.delete(rateLimits);
  });
});

describe('GET /l/<code>', () => {
  it.each([
    ['an unknown code', '/l/AAAAAAAAAA'],
    ['a code one character too long', `/l/${'a'.repeat(shortLinkLimits.codeLength + 1)}`],
    ['a very long code', `/l/${'a'.repeat(5000)}`],
    ['a code with an encoded slash', '/l/AAAAA%2FAAAA'],
    ['an address in place of a code', '/l/%2F%2Fevil.example%2F'],
    ['an absolute URL', '/l/https:%2F%2Fevil.example'],
    ['a code with an encoded NUL', '/l/AAAAA%00AAAA'],
    ['no code', '/l/'],
  ])('answers %s with a plain 404 page, never a redirect', async (_what, url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.headers.location).toBeUndefined();
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    if (url !== '/l/') expect(res.body).toBe(shortLinkMessages.notFound);
  });

  it('answers a real code followed by more path with 404', async () => {
    const member = await makeUser(t);
    const sent = await publishWithLink(member, await connectX(t, member.auth), 'https://example.org/more');
    for (const url of [`/l/${sent.code}/x`, `/l/${sent.code}%2Fx`, `/l/${sent.code}x`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers.location, url).toBeUndefined();
    }
  });

  it('counts crawlers and link-preview fetchers as previews, not clicks', async () => {
    const member = await makeUser(t);
    const sent = await publishWithLink(
      member,
      await connectX(t, member.auth),
      'https://example.org/previews',
    );
    const agents = [
      'Twitterbot/1.0',
      'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
      'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)',
      'TelegramBot (like TwitterBot)',
      'WhatsApp/2.23.20.0 A',
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      'curl/8.5.0',
    ];
    for (const agent of agents) expect(isPreviewFetch(agent), agent).toBe(true);
    expect(isPreviewFetch(browser)).toBe(false);
    expect(
      isPreviewFetch(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe(false);
    for (const agent of agents)
      expect((await follow(sent.code ?? '', { 'user-agent': agent })).statusCode).toBe(302);
    // An empty user agent: a script, counted as a preview.
    expect((await follow(sent.code ?? '', { 'user-agent': '' })).statusCode).toBe(302);
    await follow(sent.code ?? '');
    expect(await countsOf(sent.code ?? '')).toEqual({ clicks: 1, unique: 1, previews: agents.length + 1 });
  });

  it('loses no click when many arrive at once, from one process or several', async () => {
    const member = await makeUser(t);
    const sent = await publishWithLink(member, await connectX(t, member.auth), 'https://example.org/busy');
    const code = sent.code ?? '';
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => follow(code, { 'user-agent': browser }, `198.51.100.${i}`)),
    );
    expect(answers.every((r) => r.statusCode === 302)).toBe(true);
    // Two more processes' recorders writing their batches at the same time as this one's.
    const others = [new ClickRecorder({ db: t.db }), new ClickRecorder({ db: t.db })];
    const at = new Date();
    for (const [n, recorder] of others.entries())
      for (let i = 0; i < 40; i += 1)
        recorder.record({ code, at, address: `192.0.2.${n * 40 + i}`, userAgent: browser, preview: false });
    await Promise.all([t.app.linkClicks.flush(), ...others.map((r) => r.flush())]);
    expect(await countsOf(code)).toEqual({ clicks: 140, unique: 140, previews: 0 });
  });

  it('counts a visitor once a day as unique, again the next day (salted per day), every click in the total', async () => {
    const member = await makeUser(t);
    const sent = await publishWithLink(member, await connectX(t, member.auth), 'https://example.org/days');
    const code = sent.code ?? '';
    const recorder = new ClickRecorder({ db: t.db });
    const click = (at: string, address = '203.0.113.50') =>
      recorder.record({ code, at: new Date(at), address, userAgent: browser, preview: false });
    click('2031-03-04T23:58:00Z');
    click('2031-03-04T23:59:00Z');
    await recorder.flush();
    click('2031-03-04T23:59:30Z');
    click('2031-03-05T00:00:10Z');
    click('2031-03-05T00:01:00Z');
    click('2031-03-05T00:01:30Z', '203.0.113.51');
    await recorder.flush();
    const byHour = await rowsOf<{ hour: string; clicks: number; unique: number }>(
      t.db,
      sql`select to_char(hour at time zone 'UTC', 'YYYY-MM-DD HH24') as hour, clicks, unique_clicks as unique
        from short_link_clicks where code = ${code} and hour >= '2031-01-01' order by hour`,
    );
    expect(byHour).toEqual([
      { hour: '2031-03-04 23', clicks: 3, unique: 1 },
      { hour: '2031-03-05 00', clicks: 3, unique: 2 },
    ]);
    // Each day has its own salt, and no address or user agent is stored anywhere.
    const salts = await rowsOf<{ day: string }>(
      t.db,
      sql`select to_char(day, 'YYYY-MM-DD') as day from short_link_salts where day >= '2031-03-04' order by day`,
    );
    expect(salts.map((s) => s.day)).toEqual(['2031-03-04', '2031-03-05']);
    const stored = await rowsOf<{ visitor: string }>(
      t.db,
      sql`select encode(visitor, 'hex') as visitor from short_link_visitors where code = ${code}`,
    );
    expect(stored).toHaveLength(3);
    for (const v of stored) expect(v.visitor).toMatch(/^[0-9a-f]{64}$/);
    // Two days on, the first day's salt and visitors are gone.
    click('2031-03-06T12:00:00Z');
    await recorder.flush();
    const left = await rowsOf<{ day: string }>(
      t.db,
      sql`select to_char(day, 'YYYY-MM-DD') as day from short_link_salts where day >= '2031-03-01' order by day`,
    );
    expect(left.map((s) => s.day)).toEqual(['2031-03-05', '2031-03-06']);
  });
});

describe('where clicks show', () => {
  it('shows a member their own clicks in My Results, never another member’s', async () => {
    const member = await makeUser(t, { portalId: 32 });
    const other = await makeUser(t, { portalId: 32 });
    const sent = await publishWithLink(member, await connectX(t, member.auth), 'https://example.org/mine');
    await follow(sent.code ?? '');
    await follow(sent.code ?? '', { 'user-agent': 'Twitterbot/1.0' });
    await t.app.linkClicks.flush();
    const mine = (await t.app.inject({ url: '/api/stats/me', headers: member.auth })).json<MyStats>();
    expect(mine.linkClicks).toEqual({ clicks: 1, uniqueClicks: 1, previews: 1 });
    expect(mine.clickedPosts).toEqual([
      expect.objectContaining({
        targetId: sent.targetId,
        network: 'x',
        linkClicks: { clicks: 1, uniqueClicks: 1, previews: 1 },
      }),
    ]);
    const theirs = (await t.app.inject({ url: '/api/stats/me', headers: other.auth })).json<MyStats>();
    expect(theirs.linkClicks).toEqual({ clicks: 0, uniqueClicks: 0, previews: 0 });
    expect(theirs.clickedPosts).toEqual([]);
  });

  it('lists links by post, member and network in Link Clicks (JSON and CSV), sorts Top Users and Top Content by clicks, and keeps other portals out', async () => {
    const admin = await makeUser(t, { admin: true, portalId: 33 });
    const member = await makeUser(t, { portalId: 33, name: 'Casey Clicks' });
    const stranger = await makeUser(t, { admin: true, portalId: 34 });
    const sent = await publishWithLink(member, await connectX(t, member.auth), 'https://example.org/report');
    await follow(sent.code ?? '', { 'user-agent': browser }, '203.0.113.90');
    await follow(sent.code ?? '', { 'user-agent': browser }, '203.0.113.91');
    await follow(sent.code ?? '', { 'user-agent': browser }, '203.0.113.91');
    await t.app.linkClicks.flush();
    const report = (
      await t.app.inject({ url: '/api/report/linkclicks', headers: admin.auth })
    ).json<ReportResult>();
    expect(report.title).toBe('Link Clicks');
    expect(report.rows).toEqual([
      expect.objectContaining({
        member: 'Casey Clicks',
        network: 'X',
        shortLink: `/l/${sent.code}`,
        destination: 'https://example.org/report',
        clicks: 3,
        uniqueClicks: 2,
        previews: 0,
      }),
    ]);
    const csv = await t.app.inject({ url: '/api/report/linkclicks?format=csv', headers: admin.auth });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Casey Clicks');
    expect(csv.body.split('\n')[0]).toContain('Unique clicks');
    const top = (
      await t.app.inject({ url: '/api/report/topusers?sort=linkClicks&desc=true', headers: admin.auth })
    ).json<ReportResult>();
    expect(top.rows[0]).toMatchObject({ member: 'Casey Clicks', linkClicks: 3 });
    const content = await t.app.inject({
      url: '/api/report/popularcontent?sort=linkClicks',
      headers: admin.auth,
    });
    expect(content.statusCode, content.body).toBe(200);
    const theirs = (
      await t.app.inject({ url: '/api/report/linkclicks', headers: stranger.auth })
    ).json<ReportResult>();
    expect(theirs.rows).toEqual([]);
    const memberAsks = await t.app.inject({ url: '/api/report/linkclicks', headers: member.auth });
    expect(memberAsks.statusCode).toBe(403);
  });
});
