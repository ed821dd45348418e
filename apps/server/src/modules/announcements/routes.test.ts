import type {
  Announcement,
  AnnouncementDetail,
  AnnouncementPage,
  AnnouncementUpsert,
} from '@fitpost/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, startTestApp, type TestApp } from '../../test/harness.js';
import { call, type TestUser } from '../../test/library.js';
import { sanitizeAnnouncementHtml } from './sanitize.js';
import { xssCorpus } from './xss-corpus.js';

let t: TestApp;
let admin: TestUser;
let coach: TestUser;
let otherAdmin: TestUser;

const day = 86_400_000;
const at = (offsetDays: number) => new Date(Date.now() + offsetDays * day).toISOString();

beforeAll(async () => {
  t = await startTestApp({ FITPOST_AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  admin = await makeUser(t, { admin: true });
  coach = await makeUser(t);
  otherAdmin = await makeUser(t, { portalId: 2, admin: true });
});
afterAll(() => t.close());

async function add(who: TestUser, input: AnnouncementUpsert) {
  const res = await call(t, who, { method: 'POST', url: '/api/announcement', payload: input });
  if (res.statusCode !== 201) throw new Error(`adding announcement failed: ${res.body}`);
  return res.json<AnnouncementDetail>();
}

const active = (portalId: number, ids: string[] = [], remoteAddress = '127.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/announcement/active',
    payload: { portalId, ids },
    remoteAddress,
  });

describe('announcements API', () => {
  it('stores the body sanitised and answers it with the link and flags', async () => {
    const a = await add(admin, {
      body: '<p>Big <strong>news</strong> <a href="https://example.com" onclick="x()">here</a></p><script>x()</script>',
      url: 'https://example.com/read',
      urlText: 'Read more',
      isRecurring: true,
    });
    expect(a.body).toBe(
      '<p>Big <strong>news</strong> <a href="https://example.com" target="_blank" rel="noopener noreferrer">here</a></p>',
    );
    expect(a).toMatchObject({
      url: 'https://example.com/read',
      urlText: 'Read more',
      isRecurring: true,
      isActive: true,
    });
    const read = await call(t, admin, { url: `/api/announcement/${a.id}/1` });
    expect(read.json<AnnouncementDetail>()).toEqual(a);

    const changed = await call(t, admin, {
      method: 'PUT',
      url: `/api/announcement/${a.id}`,
      payload: { id: a.id, body: '<em>Changed</em><img src=x onerror=x()>', isActive: false },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<AnnouncementDetail>()).toMatchObject({
      body: '<em>Changed</em>',
      isActive: false,
      url: null,
    });
  });

  it('keeps every XSS payload of the corpus as the sanitiser leaves it, through the API', async () => {
    for (const payload of xssCorpus) {
      const clean = sanitizeAnnouncementHtml(payload);
      const res = await call(t, admin, {
        method: 'POST',
        url: '/api/announcement',
        payload: { body: payload, isActive: false },
      });
      if (clean === '') {
        expect(res.statusCode, payload).toBe(400);
        continue;
      }
      expect(res.statusCode, payload).toBe(201);
      expect(res.json<AnnouncementDetail>().body, payload).toBe(clean);
    }
  });

  it('refuses bad input: scripted or relative links, link text without a link, an end before the start', async () => {
    const bad: object[] = [
      { body: 'x', url: 'javascript:alert(1)' },
      { body: 'x', url: 'data:text/html,<script>x()</script>' },
      { body: 'x', url: '/relative' },
      { body: 'x', urlText: 'Open' },
      { body: 'x', startDate: at(2), endDate: at(1) },
      { body: '' },
      { body: '<script>only()</script>' },
      { body: 'x', id: 'not-an-id' },
      { body: 'x\u0000' },
    ];
    for (const payload of bad) {
      const res = await call(t, admin, { method: 'POST', url: '/api/announcement', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('is for admins: a member may not search, read, write or delete', async () => {
    const a = await add(admin, { body: 'Admins only' });
    const refused = [
      { method: 'POST' as const, url: '/api/announcement/search', payload: {} },
      { method: 'GET' as const, url: `/api/announcement/${a.id}/1` },
      { method: 'POST' as const, url: '/api/announcement', payload: { body: 'x' } },
      { method: 'PUT' as const, url: `/api/announcement/${a.id}`, payload: { body: 'x' } },
      { method: 'DELETE' as const, url: `/api/announcement/${a.id}` },
      { method: 'DELETE' as const, url: '/api/announcement', payload: { ids: [a.id] } },
    ];
    for (const req of refused) {
      expect((await call(t, coach, req)).statusCode, req.url).toBe(403);
      expect((await call(t, null, req)).statusCode, req.url).toBe(401);
    }
    expect((await call(t, admin, { url: `/api/announcement/${a.id}/1` })).statusCode).toBe(200);
  });

  it('searches by keyword and shown-now, pages and sorts', async () => {
    const first = await add(admin, { body: '<p>Zebra crossing one</p>', startDate: at(-3) });
    const second = await add(admin, { body: '<p>Zebra crossing two</p>', startDate: at(-2) });
    const later = await add(admin, { body: '<p>Zebra crossing later</p>', startDate: at(5) });
    const search = async (payload: object) =>
      (
        await call(t, admin, { method: 'POST', url: '/api/announcement/search', payload })
      ).json<AnnouncementPage>();

    const all = await search({ keyword: 'zebra', sort: 'startDate', desc: false });
    expect(all.items.map((a) => a.id)).toEqual([first.id, second.id, later.id]);
    expect(all.total).toBe(3);
    const shown = await search({ keyword: 'zebra', active: true, sort: 'startDate', desc: true });
    expect(shown.items.map((a) => a.id)).toEqual([second.id, first.id]);
    const notShown = await search({ keyword: 'zebra', active: false });
    expect(notShown.items.map((a) => a.id)).toEqual([later.id]);
    const paged = await search({ keyword: 'zebra', sort: 'startDate', desc: false, page: 2, pagesize: 2 });
    expect(paged).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(paged.items.map((a) => a.id)).toEqual([later.id]);
    // A keyword's % and _ are plain characters.
    expect((await search({ keyword: 'zebra%' })).total).toBe(0);
  });

  it('deletes one or several, all or none', async () => {
    const a = await add(admin, { body: 'Delete me' });
    const b = await add(admin, { body: 'Delete me too' });
    const theirs = await add(otherAdmin, { body: 'Not yours' });
    const mixed = await call(t, admin, {
      method: 'DELETE',
      url: '/api/announcement',
      payload: { ids: [a.id, theirs.id] },
    });
    expect(mixed.statusCode).toBe(404);
    expect((await call(t, admin, { url: `/api/announcement/${a.id}/1` })).statusCode).toBe(200);
    const both = await call(t, admin, {
      method: 'DELETE',
      url: '/api/announcement',
      payload: { ids: [a.id, b.id] },
    });
    expect(both.statusCode).toBe(204);
    expect((await call(t, admin, { method: 'DELETE', url: `/api/announcement/${a.id}` })).statusCode).toBe(
      404,
    );
    expect((await call(t, otherAdmin, { url: `/api/announcement/${theirs.id}/2` })).statusCode).toBe(200);
  });
});

describe('the active list (no sign-in)', () => {
  it("answers the portal's announcements shown now, less the non-recurring ones already seen", async () => {
    const portal = 3;
    const padmin = await makeUser(t, { portalId: portal, admin: true });
    const once = await add(padmin, { body: '<p>Once</p>', url: 'https://example.com', urlText: 'Go' });
    const every = await add(padmin, { body: '<p>Every time</p>', isRecurring: true });
    await add(padmin, { body: 'Switched off', isActive: false });
    await add(padmin, { body: 'Not yet', startDate: at(1) });
    await add(padmin, { body: 'Over', startDate: at(-3), endDate: at(-1) });
    const windowed = await add(padmin, { body: 'Now', startDate: at(-1), endDate: at(1) });

    const res = await active(portal);
    expect(res.statusCode).toBe(200);
    const list = res.json<Announcement[]>();
    expect(new Set(list.map((a) => a.id))).toEqual(new Set([once.id, every.id, windowed.id]));
    // Only what the dialog shows: no portal, window, dates or authors.
    for (const a of list)
      expect(Object.keys(a).sort()).toEqual(['body', 'id', 'isRecurring', 'url', 'urlText']);
    expect(list.find((a) => a.id === once.id)).toEqual({
      id: once.id,
      body: '<p>Once</p>',
      url: 'https://example.com',
      urlText: 'Go',
      isRecurring: false,
    });

    const seen = (await active(portal, [once.id, every.id])).json<Announcement[]>();
    expect(new Set(seen.map((a) => a.id))).toEqual(new Set([every.id, windowed.id]));
  });

  it('leaks nothing of another portal, and answers an unknown portal with an empty list', async () => {
    const mine = await add(admin, { body: '<p>Portal one only</p>', isRecurring: true });
    const theirs = (await active(2)).json<Announcement[]>();
    expect(theirs.map((a) => a.id)).not.toContain(mine.id);
    expect(JSON.stringify(theirs)).not.toContain('Portal one only');
    const unknown = await active(999_999);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual([]);
    // Reads and writes with another portal's id or portal parameter are 404.
    expect((await call(t, otherAdmin, { url: `/api/announcement/${mine.id}/2` })).statusCode).toBe(404);
    expect((await call(t, otherAdmin, { url: `/api/announcement/${mine.id}/1` })).statusCode).toBe(404);
    expect((await call(t, admin, { url: `/api/announcement/${mine.id}/2` })).statusCode).toBe(404);
    const put = await call(t, otherAdmin, {
      method: 'PUT',
      url: `/api/announcement/${mine.id}`,
      payload: { body: 'Taken' },
    });
    expect(put.statusCode).toBe(404);
    expect(
      (await call(t, otherAdmin, { method: 'DELETE', url: `/api/announcement/${mine.id}` })).statusCode,
    ).toBe(404);
    const search = await call(t, otherAdmin, {
      method: 'POST',
      url: '/api/announcement/search',
      payload: { keyword: 'portal one' },
    });
    expect(search.json<AnnouncementPage>().total).toBe(0);
    expect(
      (await call(t, admin, { url: `/api/announcement/${mine.id}/1` })).json<AnnouncementDetail>().body,
    ).toBe('<p>Portal one only</p>');
  });

  it('refuses malformed input with 400', async () => {
    for (const payload of [{}, { portalId: 'one' }, { portalId: 1, ids: ['x'] }, { portalId: 0 }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/announcement/active', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });
});

describe('the active list rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp({ FITPOST_AUTH_RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(() => limited.close());

  it('is counted per client address: the fourth call in a minute is 429, another address still passes', async () => {
    const ask = (remoteAddress: string) =>
      limited.app.inject({
        method: 'POST',
        url: '/api/announcement/active',
        payload: { portalId: 1, ids: [] },
        remoteAddress,
      });
    for (let i = 0; i < 3; i++) expect((await ask('10.0.0.1')).statusCode).toBe(200);
    const refused = await ask('10.0.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await ask('10.0.0.2')).statusCode).toBe(200);
  });
});
