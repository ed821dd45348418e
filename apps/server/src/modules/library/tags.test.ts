import { libraryMessages, type ContentPage, type Tag, type TagPage } from '@fitpost/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentItems, tags } from '../../db/schema-library.js';
import { makeUser, startTestApp, type TestApp } from '../../test/harness.js';
import { addContent, addTag, call, type TestUser } from '../../test/library.js';

let t: TestApp;
let admin: TestUser;
let coach: TestUser;
let otherAdmin: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  admin = await makeUser(t, { admin: true });
  coach = await makeUser(t);
  otherAdmin = await makeUser(t, { portalId: 2, admin: true });
});
afterAll(() => t.close());

const tagCount = async () => (await t.db.select({ n: count() }).from(tags))[0]?.n ?? 0;
const names = (page: TagPage) => page.items.map((tag) => tag.name);

describe('Add a Tag (POST /api/tag)', () => {
  it('adds a tag for admins, searchable unless told otherwise', async () => {
    const res = await call(t, admin, {
      method: 'POST',
      url: '/api/tag',
      payload: { id: '', name: ' Mobility ' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<Tag>()).toMatchObject({ name: 'Mobility', searchable: true, contentCount: 0 });
  });

  it('refuses members, duplicates (ignoring case) and blank names, storing nothing', async () => {
    await addTag(t, admin, 'Cardio');
    const before = await tagCount();
    const member = await call(t, coach, { method: 'POST', url: '/api/tag', payload: { name: 'Mine' } });
    expect(member.statusCode).toBe(403);
    const duplicate = await call(t, admin, { method: 'POST', url: '/api/tag', payload: { name: 'CARDIO' } });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.message).toBe(libraryMessages.tagNameTaken);
    const blank = await call(t, admin, { method: 'POST', url: '/api/tag', payload: { name: '  ' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toContain(libraryMessages.tagNameRequired);
    const long = await call(t, admin, { method: 'POST', url: '/api/tag', payload: { name: 'x'.repeat(51) } });
    expect(long.statusCode).toBe(400);
    expect(await tagCount()).toBe(before);
    // The same name is free in another portal.
    expect(
      (await call(t, otherAdmin, { method: 'POST', url: '/api/tag', payload: { name: 'Cardio' } }))
        .statusCode,
    ).toBe(201);
  });
});

describe('GET /api/tag', () => {
  it('lists, pages and sorts; members see searchable tags only', async () => {
    await addTag(t, admin, 'Zumba');
    await addTag(t, admin, 'Backstage', false);
    const all = await call(t, admin, { url: '/api/tag?pagesize=100' });
    expect(names(all.json())).toEqual(['Backstage', 'Cardio', 'Mobility', 'Zumba']);
    const member = await call(t, coach, { url: '/api/tag?pagesize=100' });
    expect(names(member.json())).toEqual(['Cardio', 'Mobility', 'Zumba']);
    const memberAsks = await call(t, coach, { url: '/api/tag?searchable=false' });
    expect(names(memberAsks.json())).toEqual(['Cardio', 'Mobility', 'Zumba']);
    const hiddenOnly = await call(t, admin, { url: '/api/tag?searchable=false' });
    expect(names(hiddenOnly.json())).toEqual(['Backstage']);
    const paged = await call(t, admin, { url: '/api/tag?pagesize=2&page=2&sort=name&desc=true' });
    expect(paged.json()).toMatchObject({ total: 4, page: 2, pageSize: 2 });
    expect(names(paged.json())).toEqual(['Cardio', 'Backstage']);
    expect(names((await call(t, admin, { url: '/api/tag?q=ob' })).json())).toEqual(['Mobility']);
    expect((await call(t, admin, { url: '/api/tag?sort=popular' })).statusCode).toBe(400);
  });
});

describe('PUT /api/tag/:id', () => {
  it('renames a tag, and keyword search follows the new name', async () => {
    const id = await addTag(t, admin, 'Plyo');
    await addContent(t, admin, { title: 'Box jumps', tagIds: [id] });
    const res = await call(t, admin, {
      method: 'PUT',
      url: `/api/tag/${id}`,
      payload: { id, name: 'Plyometrics', searchable: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<Tag>()).toMatchObject({ name: 'Plyometrics', contentCount: 1 });
    const found = await call(t, coach, { url: '/api/content?q=plyometrics' });
    expect(found.json<ContentPage>().items.map((i) => i.title)).toEqual(['Box jumps']);
    const foreign = await call(t, otherAdmin, {
      method: 'PUT',
      url: `/api/tag/${id}`,
      payload: { name: 'Mine' },
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('Toggle Searchable (POST /api/tag/searchable)', () => {
  it('flips each tag named, or sets the value given; search text follows', async () => {
    const on = await addTag(t, admin, 'Kettlebell');
    const off = await addTag(t, admin, 'Staff picks', false);
    await addContent(t, admin, { title: 'Swing school', tagIds: [on, off] });
    const flip = await call(t, admin, {
      method: 'POST',
      url: '/api/tag/searchable',
      payload: { ids: [on, off] },
    });
    expect(flip.statusCode).toBe(200);
    expect(flip.json<Tag[]>().map((tag) => [tag.name, tag.searchable])).toEqual([
      ['Kettlebell', false],
      ['Staff picks', true],
    ]);
    const search = async (q: string) =>
      (await call(t, coach, { url: `/api/content?q=${q}` })).json<ContentPage>().total;
    expect(await search('kettlebell')).toBe(0);
    expect(await search('staff')).toBe(1);
    const set = await call(t, admin, {
      method: 'POST',
      url: '/api/tag/searchable',
      payload: { ids: [on, off], searchable: true },
    });
    expect(set.json<Tag[]>().every((tag) => tag.searchable)).toBe(true);
    expect(await search('kettlebell')).toBe(1);
    const member = await call(t, coach, {
      method: 'POST',
      url: '/api/tag/searchable',
      payload: { ids: [on] },
    });
    expect(member.statusCode).toBe(403);
  });
});

describe('DELETE /api/tag', () => {
  it('deletes two with Select All-style multi-delete; all or none; items lose the tag', async () => {
    const a = await addTag(t, admin, 'Delete me A');
    const b = await addTag(t, admin, 'Delete me B');
    const foreign = await addTag(t, otherAdmin, 'Not yours');
    const item = await addContent(t, admin, { title: 'Tagged twice', tagIds: [a, b] });
    const mixed = await call(t, admin, { method: 'DELETE', url: '/api/tag', payload: { ids: [a, foreign] } });
    expect(mixed.statusCode).toBe(404);
    expect(await t.db.select().from(tags).where(eq(tags.id, a))).toHaveLength(1);
    expect((await call(t, coach, { method: 'DELETE', url: `/api/tag/${a}` })).statusCode).toBe(403);
    const res = await call(t, admin, { method: 'DELETE', url: '/api/tag', payload: { ids: [a, b] } });
    expect(res.statusCode).toBe(204);
    const [row] = await t.db.select().from(contentItems).where(eq(contentItems.id, item));
    expect(row?.tagNames).toBe('');
    const card = await call(t, admin, { url: `/api/content/${item}` });
    expect(card.json().tags).toEqual([]);
    expect((await call(t, admin, { method: 'DELETE', url: `/api/tag/${a}` })).statusCode).toBe(404);
  });
});
