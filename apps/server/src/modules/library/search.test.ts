import type { ContentItem, ContentPage } from '@fitpost/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentItems, feeds } from '../../db/schema-library.js';
import { makeUser, startTestApp, type TestApp } from '../../test/harness.js';
import { keywordQuery } from './search.js';
import { addBrand, addContent, addTag, call, type TestUser } from '../../test/library.js';

let t: TestApp;
let admin: TestUser;
let coach: TestUser;
const ids: Record<'squat' | 'plank' | 'lunge' | 'smoothie' | 'marathon', string> = {
  squat: '',
  plank: '',
  lunge: '',
  smoothie: '',
  marathon: '',
};
let brandA = '';
let brandB = '';
let legs = '';
let hidden = '';

const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000).toISOString();

beforeAll(async () => {
  t = await startTestApp();
  admin = await makeUser(t, { admin: true });
  coach = await makeUser(t);
  brandA = await addBrand(t, admin, 'Alpha Strength');
  brandB = await addBrand(t, admin, 'Beta Core');
  legs = await addTag(t, admin, 'Legs');
  const core = await addTag(t, admin, 'Core');
  hidden = await addTag(t, admin, 'Internal', false);
  ids.squat = await addContent(t, admin, {
    title: 'Squat depth guide',
    body: 'How low should you go?',
    brandId: brandA,
    tagIds: [legs],
    recommended: true,
    activeFrom: hoursAgo(4),
  });
  ids.plank = await addContent(t, admin, {
    title: 'Plank progressions',
    body: 'Core stability for beginners',
    brandId: brandB,
    tagIds: [core],
    activeFrom: hoursAgo(3),
  });
  ids.lunge = await addContent(t, admin, {
    title: 'Lunge variations',
    body: 'Walking lunges and split squats',
    brandId: brandA,
    tagIds: [legs, hidden],
    activeFrom: hoursAgo(2),
  });
  ids.smoothie = await addContent(t, admin, {
    title: 'Recovery smoothie',
    body: 'Protein after training',
    tagIds: [hidden],
    activeFrom: hoursAgo(1),
  });
  const [feed] = await t.db
    .insert(feeds)
    .values({ portalId: 1, isSystem: true, name: 'Race news', url: 'https://example.com/feed.xml' })
    .returning();
  const [item] = await t.db
    .insert(contentItems)
    .values({
      portalId: 1,
      type: 'feed',
      title: 'Marathon training news',
      body: 'Race week tips',
      imageUrl: 'https://example.com/race.jpg',
      feedId: feed?.id,
      feedGuid: 'race-1',
      publishedAt: new Date(hoursAgo(5)),
    })
    .returning();
  ids.marathon = item?.id ?? '';
});
afterAll(() => t.close());

async function search(who: TestUser, query: string) {
  const res = await call(t, who, { url: `/api/content?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ContentPage>();
}
const titles = (page: ContentPage) => page.items.map((i) => i.title);

describe('keywordQuery', () => {
  it('keeps letters and digits only and matches each word as a prefix', () => {
    expect(keywordQuery('Squ  LUNGE squ')).toBe('squ:* & lunge:*');
    expect(keywordQuery(`'&|!:*() <-> "`)).toBeNull();
    expect(keywordQuery('5k café')).toBe('5k:* & café:*');
    expect(keywordQuery(undefined)).toBeNull();
  });
});

describe('GET /api/content keyword search', () => {
  it('finds word prefixes in title, caption and searchable tag names, best match first', async () => {
    expect(titles(await search(coach, 'q=squ'))).toEqual(['Squat depth guide', 'Lunge variations']);
    // Equal relevance (both only tagged): newest first.
    expect(titles(await search(coach, 'q=legs'))).toEqual(['Lunge variations', 'Squat depth guide']);
    expect(titles(await search(coach, 'q=protein%20train'))).toEqual(['Recovery smoothie']);
    expect(titles(await search(coach, 'q=marathon'))).toEqual(['Marathon training news']);
  });

  it('follows every write of an item, whoever makes it: added, edited, moved out of its window, deleted', async () => {
    const found = async (q: string) => (await search(coach, `q=${q}`)).total;
    // Written straight into the table, as the feed import and the benchmarks do.
    const [direct] = await t.db
      .insert(contentItems)
      .values({ portalId: 1, type: 'library', title: 'Tempo runs', body: 'Zone two pacing' })
      .returning();
    expect(await found('pacing')).toBe(1);
    const id = await addContent(t, admin, { title: 'Hill sprints', body: 'Short and steep' });
    expect(await found('steep')).toBe(1);
    const edit = await call(t, admin, {
      method: 'PUT',
      url: `/api/content/${id}`,
      payload: { id, title: 'Hill repeats', body: 'Long and gentle' },
    });
    expect(edit.statusCode).toBe(200);
    expect([
      await found('steep'),
      await found('sprint'),
      await found('gentle'),
      await found('repeat'),
    ]).toEqual([0, 0, 1, 1]);
    await t.db
      .update(contentItems)
      .set({ activeUntil: new Date(hoursAgo(1)) })
      .where(eq(contentItems.id, direct?.id ?? ''));
    expect(await found('pacing')).toBe(0);
    expect((await search(admin, 'q=pacing&include=all')).total).toBe(1);
    const removed = await call(t, admin, { method: 'DELETE', url: `/api/content/${id}` });
    expect(removed.statusCode).toBe(204);
    expect(await found('gentle')).toBe(0);
    await t.db.delete(contentItems).where(eq(contentItems.id, direct?.id ?? ''));
    expect((await search(admin, 'q=pacing&include=all')).total).toBe(0);
  });

  it('does not find names of tags that are not searchable, for anyone', async () => {
    expect((await search(coach, 'q=internal')).total).toBe(0);
    expect((await search(admin, 'q=internal')).total).toBe(0);
  });

  it('treats punctuation and operators as plain text, and a keyword of nothing as no keyword', async () => {
    expect((await search(coach, `q=${encodeURIComponent(`squ:* | !'(`)}`)).total).toBe(2);
    expect((await search(coach, `q=${encodeURIComponent('&|!')}`)).total).toBe(5);
  });
});

describe('GET /api/content filters', () => {
  it('filters by brand, tags (all of them), type, recommended and favourites', async () => {
    expect(titles(await search(coach, `brandId=${brandA}`))).toEqual([
      'Lunge variations',
      'Squat depth guide',
    ]);
    expect(titles(await search(coach, `tagIds=${legs}`))).toEqual(['Lunge variations', 'Squat depth guide']);
    expect(titles(await search(admin, `tagIds=${legs},${hidden}`))).toEqual(['Lunge variations']);
    expect(titles(await search(admin, `tagIds=${legs}&tagIds=${hidden}`))).toEqual(['Lunge variations']);
    expect(titles(await search(coach, 'type=feed'))).toEqual(['Marathon training news']);
    expect((await search(coach, 'type=library')).total).toBe(4);
    expect(titles(await search(coach, 'recommended=true'))).toEqual(['Squat depth guide']);
    const fav = await call(t, coach, {
      method: 'POST',
      url: '/api/favorite',
      payload: { contentId: ids.plank },
    });
    expect(fav.statusCode).toBe(201);
    expect(titles(await search(coach, 'favorites=true'))).toEqual(['Plank progressions']);
    expect((await search(coach, 'favorites=false')).total).toBe(4);
    expect((await search(admin, 'favorites=true')).total).toBe(0);
  });

  it('filters a keyword search by health-claim warnings, items and total alike', async () => {
    const id = await addContent(t, admin, { title: 'Detox week', body: 'Guaranteed results in 30 days.' });
    const page = async (query: string) => {
      const found = await search(admin, `q=detox&include=all&${query}`);
      return [found.total, found.items.map((i) => i.id)];
    };
    expect(await page('hasWarnings=true')).toEqual([1, [id]]);
    expect(await page('hasWarnings=false')).toEqual([0, []]);
    expect((await call(t, admin, { method: 'DELETE', url: `/api/content/${id}` })).statusCode).toBe(204);
  });

  it('lets members filter by searchable tags only, and shows them only those', async () => {
    expect((await search(coach, `tagIds=${hidden}`)).total).toBe(0);
    const lunge = (await search(coach, 'q=lunge')).items[0];
    expect(lunge?.tags.map((t) => t.name)).toEqual(['Legs']);
    const asAdmin = (await search(admin, 'q=lunge')).items[0];
    expect(asAdmin?.tags.map((t) => [t.name, t.searchable])).toEqual([
      ['Internal', false],
      ['Legs', true],
    ]);
  });

  it("presents feed items with their feed, and their picture through FitPost's proxy", async () => {
    const item = (await search(coach, 'type=feed')).items[0];
    expect(item).toMatchObject<Partial<ContentItem>>({
      id: ids.marathon,
      type: 'feed',
      mediaId: null,
      // Never the publisher's https://example.com/race.jpg: members' browsers would call it.
      graphicUrl: `${t.config.publicUrl}/feed-images/${ids.marathon}`,
      feed: { id: expect.any(String), name: 'Race news', isSystem: true },
      createdBy: null,
    });
  });
});

describe('GET /api/content paging and sorting', () => {
  it('pages with totals, newest first by default', async () => {
    const first = await search(coach, 'pagesize=2');
    expect(first).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect(titles(first)).toEqual(['Recovery smoothie', 'Lunge variations']);
    expect(titles(await search(coach, 'pagesize=2&page=3'))).toEqual(['Marathon training news']);
    expect(titles(await search(coach, 'pagesize=2&page=4'))).toEqual([]);
    expect(titles(await search(coach, 'sort=date&desc=false&pagesize=1'))).toEqual([
      'Marathon training news',
    ]);
  });

  it('sorts by title, brand, recommended and relevance', async () => {
    expect(titles(await search(coach, 'sort=title'))).toEqual([
      'Lunge variations',
      'Marathon training news',
      'Plank progressions',
      'Recovery smoothie',
      'Squat depth guide',
    ]);
    expect(titles(await search(coach, 'sort=title&desc=true&pagesize=1'))).toEqual(['Squat depth guide']);
    expect(titles(await search(coach, 'sort=brand'))).toEqual([
      'Lunge variations',
      'Squat depth guide',
      'Plank progressions',
      'Recovery smoothie',
      'Marathon training news',
    ]);
    expect(titles(await search(coach, 'sort=recommended&pagesize=2'))).toEqual([
      'Squat depth guide',
      'Recovery smoothie',
    ]);
    expect(titles(await search(coach, 'q=squ&sort=relevance&desc=false'))).toEqual([
      'Lunge variations',
      'Squat depth guide',
    ]);
  });

  it('pages by relevance across the heading matches and the caption-only ones, with the total', async () => {
    // "Squat depth guide" has the word in its title, "Lunge variations" only in its caption.
    const pages = await Promise.all([1, 2, 3].map((page) => search(coach, `q=squ&pagesize=1&page=${page}`)));
    expect(pages.map(titles)).toEqual([['Squat depth guide'], ['Lunge variations'], []]);
    expect(pages.map((p) => p.total)).toEqual([2, 2, 2]);
    // Every word in the heading (title or searchable tag names) comes first: Squat depth guide has
    // "squat" in its title and "legs" as a tag; Lunge variations has "legs" but "squat" only in
    // its caption, though it is newer.
    expect(titles(await search(coach, 'q=leg%20squ'))).toEqual(['Squat depth guide', 'Lunge variations']);
    expect(titles(await search(coach, 'q=leg%20squ&desc=false'))).toEqual([
      'Lunge variations',
      'Squat depth guide',
    ]);
  });

  it('sorts by last changed, the Content Repository’s default (issue 26)', async () => {
    await t.db
      .update(contentItems)
      .set({ updatedAt: new Date(Date.now() + 60_000) })
      .where(eq(contentItems.id, ids.plank));
    expect(titles(await search(coach, 'sort=updated&pagesize=1'))).toEqual(['Plank progressions']);
    expect(titles(await search(coach, 'sort=updated&desc=false')).at(-1)).toBe('Plank progressions');
  });

  it('refuses malformed queries with a clear 400', async () => {
    for (const query of ['pagesize=1000', 'page=0', 'sort=bogus', 'tagIds=nope', 'brandId=1', 'type=other']) {
      const res = await call(t, coach, { url: `/api/content?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.code).toBe('validation');
    }
    const anonymous = await call(t, null, { url: '/api/content' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('OpenAPI', () => {
  it('documents the library routes from the contract schemas', async () => {
    const res = await call(t, null, { url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json<{ paths: Record<string, unknown> }>().paths);
    for (const path of [
      '/api/content',
      '/api/content/{id}',
      '/api/brand',
      '/api/tag/searchable',
      '/api/favorite',
    ]) {
      expect(paths).toContain(path);
    }
  });
});
