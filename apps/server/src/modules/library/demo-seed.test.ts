import type { ContentPage } from '@fitpost/contract';
import { and, count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, startTestApp, type TestApp } from '../../test/harness.js';
import { call, type TestUser } from '../../test/library.js';
import { media } from '../../db/schema.js';
import { brands, contentItems, feeds, tags } from '../../db/schema-library.js';
import { seedDemoLibrary } from './demo-seed.js';

let t: TestApp;
let coach: TestUser;
let otherCoach: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  await seedDemoLibrary(t.db, { sandboxUrl: 'http://127.0.0.1:4000' });
  coach = await makeUser(t);
  otherCoach = await makeUser(t, { portalId: 2 });
});
afterAll(() => t.close());

const counted = async (
  table: typeof brands | typeof contentItems | typeof tags | typeof feeds,
  portalId: number,
) => (await t.db.select({ n: count() }).from(table).where(eq(table.portalId, portalId)))[0]?.n ?? 0;

describe('seedDemoLibrary', () => {
  it('gives portal 1 a library: brands, 60 items with graphics, 15 tags, two system feeds', async () => {
    expect(await counted(brands, 1)).toBeGreaterThanOrEqual(4);
    expect(await counted(contentItems, 1)).toBe(60);
    expect(await counted(tags, 1)).toBe(15);
    const hidden = await t.db
      .select({ name: tags.name })
      .from(tags)
      .where(and(eq(tags.portalId, 1), eq(tags.searchable, false)));
    expect(hidden.length).toBeGreaterThan(0);
    const systemFeeds = await t.db.select().from(feeds).where(eq(feeds.portalId, 1));
    expect(systemFeeds.map((f) => [f.isSystem, f.userId, f.url])).toEqual([
      [true, null, 'http://127.0.0.1:4000/feeds/strength.rss'],
      [true, null, 'http://127.0.0.1:4000/feeds/nutrition.atom'],
    ]);
    const withoutGraphic = await t.db
      .select({ n: count() })
      .from(contentItems)
      .where(and(eq(contentItems.portalId, 1), eq(contentItems.type, 'library')));
    expect(withoutGraphic[0]?.n).toBe(60);
  });

  it('draws real JPEG graphics shared with the portal', async () => {
    const [item] = await t.db.select().from(contentItems).where(eq(contentItems.portalId, 1)).limit(1);
    const [image] = await t.db
      .select()
      .from(media)
      .where(eq(media.id, item?.mediaId ?? ''));
    expect(image).toMatchObject({
      mimeType: 'image/jpeg',
      library: true,
      userId: null,
      width: 640,
      height: 640,
    });
    const meta = await sharp(image?.data).metadata();
    expect(meta.format).toBe('jpeg');
  });

  it('gives portal 2 a smaller library of its own, and members browse and search it', async () => {
    const portal2 = await counted(contentItems, 2);
    expect(portal2).toBeGreaterThan(0);
    expect(portal2).toBeLessThan(60);
    const page = await call(t, coach, { url: '/api/content?q=squat' });
    expect(page.json<ContentPage>().total).toBeGreaterThan(0);
    const theirs = await call(t, otherCoach, { url: '/api/content?pagesize=100' });
    expect(
      theirs.json<ContentPage>().items.every((i) => !i.brand || i.brand.name.startsWith('Northside')),
    ).toBe(true);
    const recommended = await call(t, coach, { url: '/api/content?recommended=true' });
    expect(recommended.json<ContentPage>().total).toBeGreaterThan(0);
  });

  it('is idempotent: a second run adds nothing', async () => {
    const before = await Promise.all([
      counted(contentItems, 1),
      counted(brands, 1),
      counted(tags, 1),
      counted(feeds, 1),
    ]);
    const images = (await t.db.select({ n: count() }).from(media))[0]?.n;
    await seedDemoLibrary(t.db, { sandboxUrl: 'http://127.0.0.1:4000' });
    expect(
      await Promise.all([counted(contentItems, 1), counted(brands, 1), counted(tags, 1), counted(feeds, 1)]),
    ).toEqual(before);
    expect((await t.db.select({ n: count() }).from(media))[0]?.n).toBe(images);
  });
});
