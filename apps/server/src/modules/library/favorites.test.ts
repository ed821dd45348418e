import type { ContentPage } from '@fitpost/contract';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { favorites } from '../../db/schema-library.js';
import { makeUser, startTestApp, type TestApp } from '../../test/harness.js';
import { addContent, call, type TestUser } from '../../test/library.js';

let t: TestApp;
let admin: TestUser;
let coach: TestUser;
let colleague: TestUser;
let otherCoach: TestUser;
let otherAdmin: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  admin = await makeUser(t, { admin: true });
  coach = await makeUser(t);
  colleague = await makeUser(t);
  otherCoach = await makeUser(t, { portalId: 2 });
  otherAdmin = await makeUser(t, { portalId: 2, admin: true });
});
afterAll(() => t.close());

const favoriteCount = async () => (await t.db.select({ n: count() }).from(favorites))[0]?.n ?? 0;
const add = (who: TestUser, contentId: string) =>
  call(t, who, { method: 'POST', url: '/api/favorite', payload: { contentId } });

describe('favourites', () => {
  it('adds (201, then 200 when already there), lists and removes the caller’s own', async () => {
    const a = await addContent(t, admin, { title: 'Fav A' });
    const b = await addContent(t, admin, { title: 'Fav B' });
    const c = await addContent(t, admin, { title: 'Fav C' });
    const first = await add(coach, a);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ contentId: a, createdAt: expect.any(String) });
    expect((await add(coach, a)).statusCode).toBe(200);
    await add(coach, b);
    await add(coach, c);
    await add(admin, c);

    const mine = await call(t, coach, { url: '/api/favorite?sort=title' });
    expect(mine.statusCode).toBe(200);
    const page = mine.json<ContentPage>();
    expect(page.items.map((i) => [i.title, i.favorite])).toEqual([
      ['Fav A', true],
      ['Fav B', true],
      ['Fav C', true],
    ]);
    const adminFavorites = await call(t, admin, { url: '/api/favorite' });
    expect(adminFavorites.json<ContentPage>().items.map((i) => i.title)).toEqual(['Fav C']);
    expect((await call(t, colleague, { url: '/api/favorite' })).json<ContentPage>().total).toBe(0);
    const card = await call(t, colleague, { url: `/api/content/${a}` });
    expect(card.json()).toMatchObject({ favorite: false });

    expect((await call(t, coach, { method: 'DELETE', url: `/api/favorite/${a}` })).statusCode).toBe(204);
    expect((await call(t, coach, { method: 'DELETE', url: `/api/favorite/${a}` })).statusCode).toBe(404);
    const several = await call(t, coach, {
      method: 'DELETE',
      url: '/api/favorite',
      payload: { ids: [b, c] },
    });
    expect(several.statusCode).toBe(204);
    expect((await call(t, coach, { url: '/api/favorite' })).json<ContentPage>().total).toBe(0);
    expect((await call(t, admin, { url: '/api/favorite' })).json<ContentPage>().total).toBe(1);
  });

  it('refuses content the caller cannot browse, and bad input, storing nothing', async () => {
    const before = await favoriteCount();
    const later = await addContent(t, admin, {
      title: 'Not yet',
      activeFrom: new Date(Date.now() + 3600_000).toISOString(),
    });
    const foreign = await addContent(t, otherAdmin, { title: 'Other portal' });
    expect((await add(coach, later)).statusCode).toBe(404);
    expect((await add(coach, foreign)).statusCode).toBe(404);
    expect((await add(coach, 'nope')).statusCode).toBe(400);
    const noBody = await call(t, coach, { method: 'POST', url: '/api/favorite', payload: {} });
    expect(noBody.statusCode).toBe(400);
    expect(await favoriteCount()).toBe(before);
    // An admin may keep an item outside its window among their favourites.
    expect((await add(admin, later)).statusCode).toBe(201);
  });

  it('never shows another portal’s favourites', async () => {
    const theirs = await addContent(t, otherAdmin, { title: 'Their favourite' });
    expect((await add(otherCoach, theirs)).statusCode).toBe(201);
    const mine = await call(t, coach, { url: '/api/favorite?pagesize=100' });
    expect(mine.json<ContentPage>().items.map((i) => i.id)).not.toContain(theirs);
    const remove = await call(t, coach, { method: 'DELETE', url: `/api/favorite/${theirs}` });
    expect(remove.statusCode).toBe(404);
    expect((await call(t, otherCoach, { url: '/api/favorite' })).json<ContentPage>().total).toBe(1);
  });
});
