import { libraryMessages, type Brand, type BrandPage } from '@fitpost/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media } from '../../db/schema.js';
import { brands, contentItems } from '../../db/schema-library.js';
import { makeUser, startTestApp, type TestApp } from '../../test/harness.js';
import { addBrand, addContent, call, uploadImage, type TestUser } from '../../test/library.js';

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

const brandCount = async () => (await t.db.select({ n: count() }).from(brands))[0]?.n ?? 0;

describe('POST /api/brand', () => {
  it('adds a brand with a logo the admin uploaded, shared with the portal', async () => {
    const logo = await uploadImage(t, admin, '#ffcc00');
    const res = await call(t, admin, {
      method: 'POST',
      url: '/api/brand',
      payload: { id: 0, name: 'Core Collective', description: 'Pilates and core', logoMediaId: logo },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<Brand>()).toMatchObject({
      name: 'Core Collective',
      description: 'Pilates and core',
      logoMediaId: logo,
      logoUrl: `${t.config.publicUrl}/media/${logo}.jpg`,
      contentCount: 0,
    });
    const [row] = await t.db.select({ library: media.library }).from(media).where(eq(media.id, logo));
    expect(row?.library).toBe(true);
  });

  it('refuses members, duplicate names, blank names and other members’ images; stores nothing', async () => {
    await addBrand(t, admin, 'Iron Works');
    const before = await brandCount();
    const privateImage = await uploadImage(t, coach);
    const cases: [TestUser, Record<string, unknown>, number, string][] = [
      [coach, { name: 'Mine' }, 403, libraryMessages.adminOnly],
      [admin, { name: 'iron works' }, 409, libraryMessages.brandNameTaken],
      [admin, { name: '' }, 400, libraryMessages.brandNameRequired],
      [admin, { name: 'Stolen logo', logoMediaId: privateImage }, 400, libraryMessages.graphicNotYours],
    ];
    for (const [who, payload, status, message] of cases) {
      const res = await call(t, who, { method: 'POST', url: '/api/brand', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json().error.message).toContain(message);
    }
    expect(await brandCount()).toBe(before);
  });
});

describe('GET /api/brand', () => {
  it('lists the portal’s brands with the content each member can browse, paged and sorted', async () => {
    const fresh = await addBrand(t, admin, 'Aardvark Athletics');
    await addContent(t, admin, { title: 'One', brandId: fresh });
    await addContent(t, admin, { title: 'Two', brandId: fresh });
    await addContent(t, admin, {
      title: 'Not yet',
      brandId: fresh,
      activeFrom: new Date(Date.now() + 3600_000).toISOString(),
    });
    const res = await call(t, coach, { url: '/api/brand' });
    expect(res.statusCode).toBe(200);
    const page = res.json<BrandPage>();
    expect(page).toMatchObject({ total: 3, page: 1, pageSize: 20 });
    expect(page.items.map((b) => [b.name, b.contentCount])).toEqual([
      ['Aardvark Athletics', 2],
      ['Core Collective', 0],
      ['Iron Works', 0],
    ]);
    const byCount = await call(t, coach, { url: '/api/brand?sort=contentCount&pagesize=1' });
    expect(byCount.json<BrandPage>().items.map((b) => b.name)).toEqual(['Aardvark Athletics']);
    const desc = await call(t, coach, { url: '/api/brand?sort=name&desc=true&pagesize=1&page=1' });
    expect(desc.json<BrandPage>().items.map((b) => b.name)).toEqual(['Iron Works']);
    const keyword = await call(t, coach, { url: '/api/brand?q=core' });
    expect(keyword.json<BrandPage>().items.map((b) => b.name)).toEqual(['Core Collective']);
    expect((await call(t, otherAdmin, { url: '/api/brand' })).json<BrandPage>().total).toBe(0);
  });
});

describe('PUT and DELETE /api/brand', () => {
  it('changes name, description, colour and website; refuses a bad colour or website; members refused', async () => {
    const id = await addBrand(t, admin, 'Renamable');
    const renamed = await call(t, admin, {
      method: 'PUT',
      url: `/api/brand/${id}`,
      payload: {
        name: 'Renamed',
        description: 'New words',
        colour: '#1D3B6F',
        website: 'https://renamed.example/',
      },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<Brand>()).toMatchObject({
      name: 'Renamed',
      description: 'New words',
      colour: '#1d3b6f',
      website: 'https://renamed.example/',
      itemCount: 0,
    });
    for (const [payload, message] of [
      [{ name: 'Renamed', colour: 'blue' }, libraryMessages.brandColour],
      [{ name: 'Renamed', colour: '#12345' }, libraryMessages.brandColour],
      [{ name: 'Renamed', website: 'javascript:alert(1)' }, libraryMessages.brandWebsite],
      [{ name: 'Renamed', website: 'ftp://renamed.example' }, libraryMessages.brandWebsite],
    ] as const) {
      const res = await call(t, admin, { method: 'PUT', url: `/api/brand/${id}`, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.message).toContain(message);
    }
    const byCoach = await call(t, coach, {
      method: 'PUT',
      url: `/api/brand/${id}`,
      payload: { name: 'Mine' },
    });
    expect(byCoach.statusCode).toBe(403);
    const [row] = await t.db.select().from(brands).where(eq(brands.id, id));
    expect(row).toMatchObject({ name: 'Renamed', colour: '#1d3b6f' });
  });

  it('refuses to delete a brand content uses, naming how many items; nothing changes', async () => {
    const id = await addBrand(t, admin, 'In Use');
    await addContent(t, admin, { title: 'First', brandId: id });
    // An item outside its dates counts too: deleting would leave it without a brand.
    await addContent(t, admin, {
      title: 'Later',
      brandId: id,
      activeFrom: new Date(Date.now() + 3600_000).toISOString(),
    });
    const single = await call(t, admin, { method: 'DELETE', url: `/api/brand/${id}` });
    expect(single.statusCode).toBe(409);
    expect(single.json().error.message).toBe(libraryMessages.brandInUse('In Use', 2));
    expect(single.json().error.message).toBe(
      'In Use is used by 2 content items. Move them to another brand to delete it.',
    );
    const empty = await addBrand(t, admin, 'Empty');
    const several = await call(t, admin, {
      method: 'DELETE',
      url: '/api/brand',
      payload: { ids: [empty, id] },
    });
    expect(several.statusCode).toBe(409);
    const got = await call(t, admin, { url: `/api/brand/${id}` });
    expect(got.json<Brand>()).toMatchObject({ itemCount: 2, contentCount: 1 });
    expect((await call(t, admin, { url: `/api/brand/${empty}` })).statusCode).toBe(200);
  });

  it('deletes after moving its items to another brand; all or none; other portals and members refused', async () => {
    const id = await addBrand(t, admin, 'Old Name Co');
    const target = await addBrand(t, admin, 'New Home');
    const item = await addContent(t, admin, { title: 'Moving', brandId: id });
    const foreign = await addBrand(t, otherAdmin, 'Theirs');
    expect((await call(t, otherAdmin, { url: `/api/brand/${id}` })).statusCode).toBe(404);
    const mixed = await call(t, admin, {
      method: 'DELETE',
      url: '/api/brand',
      payload: { ids: [id, foreign] },
    });
    expect(mixed.statusCode).toBe(404);
    const toForeign = await call(t, admin, { method: 'DELETE', url: `/api/brand/${id}?moveTo=${foreign}` });
    expect(toForeign.statusCode).toBe(400);
    expect(toForeign.json().error.message).toBe(libraryMessages.unknownBrand);
    const toItself = await call(t, admin, { method: 'DELETE', url: `/api/brand/${id}?moveTo=${id}` });
    expect(toItself.statusCode).toBe(400);
    expect(toItself.json().error.message).toBe(libraryMessages.brandMoveToItself);
    expect((await call(t, admin, { method: 'DELETE', url: `/api/brand/${id}?moveTo=nope` })).statusCode).toBe(
      400,
    );
    const byCoach = await call(t, coach, { method: 'DELETE', url: `/api/brand/${id}?moveTo=${target}` });
    expect(byCoach.statusCode).toBe(403);
    const [before] = await t.db.select().from(contentItems).where(eq(contentItems.id, item));
    expect(before?.brandId).toBe(id);

    const done = await call(t, admin, { method: 'DELETE', url: `/api/brand/${id}?moveTo=${target}` });
    expect(done.statusCode).toBe(204);
    const [row] = await t.db.select().from(contentItems).where(eq(contentItems.id, item));
    expect(row?.brandId).toBe(target);
    expect((await call(t, admin, { url: `/api/brand/${id}` })).statusCode).toBe(404);
    expect((await call(t, admin, { url: `/api/brand/${target}` })).json<Brand>().itemCount).toBe(1);
    expect((await call(t, otherAdmin, { url: `/api/brand/${foreign}` })).statusCode).toBe(200);
    // A brand nothing uses goes at once.
    const unused = await addBrand(t, admin, 'Unused');
    expect(
      (await call(t, admin, { method: 'DELETE', url: '/api/brand', payload: { ids: [unused] } })).statusCode,
    ).toBe(204);
  });
});
