import { libraryMessages, type ContentItem, type ContentPage } from '@fitpost/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media } from '../../db/schema.js';
import { contentItems } from '../../db/schema-library.js';
import { postTargets } from '../../db/schema-posts.js';
import { makeUser, startTestApp, type TestApp } from '../../test/harness.js';
import { connectX } from '../../test/social.js';
import { startSandbox, type Sandbox } from '@fitpost/sandbox';
import { networkEnv } from '../../test/social.js';
import { loadMediaForPublishing } from '../media/service.js';
import { addBrand, addContent, addTag, call, uploadImage, type TestUser } from '../../test/library.js';

let sandbox: Sandbox;
let t: TestApp;
let admin: TestUser;
let coach: TestUser;
let colleague: TestUser;
let otherAdmin: TestUser;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, redirectUris: ['http://localhost:3000/oauth'] });
  t = await startTestApp(networkEnv(sandbox.url));
  admin = await makeUser(t, { admin: true });
  coach = await makeUser(t);
  colleague = await makeUser(t);
  otherAdmin = await makeUser(t, { portalId: 2, admin: true });
});
afterAll(async () => {
  await t.close();
  await sandbox.close();
});

const contentCount = async () => (await t.db.select({ n: count() }).from(contentItems))[0]?.n ?? 0;
const hour = 3600_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

describe('POST /api/content', () => {
  it('adds an item with graphic, brand, tags, window and recommended flag, and shares its graphic', async () => {
    const mediaId = await uploadImage(t, admin);
    const brandId = await addBrand(t, admin, 'Strength Lab');
    const tagId = await addTag(t, admin, 'Legs');
    const res = await call(t, admin, {
      method: 'POST',
      url: '/api/content',
      payload: {
        id: 0,
        title: '  Five squat cues  ',
        body: 'Brace, sit back, knees out.',
        mediaId,
        link: 'https://example.com/squats',
        brandId,
        tagIds: [tagId],
        activeFrom: at(-hour),
        activeUntil: at(24 * hour),
        recommended: true,
      },
    });
    expect(res.statusCode).toBe(201);
    const item = res.json<ContentItem>();
    expect(item).toMatchObject({
      type: 'library',
      title: 'Five squat cues',
      mediaId,
      graphicUrl: `${t.config.publicUrl}/media/${mediaId}.jpg`,
      link: 'https://example.com/squats',
      brand: { id: brandId, name: 'Strength Lab' },
      tags: [{ id: tagId, name: 'Legs', searchable: true }],
      feed: null,
      active: true,
      recommended: true,
      createdBy: { id: admin.user.id },
      favorite: false,
      scheduled: false,
      posted: false,
    });
    const [row] = await t.db.select({ library: media.library }).from(media).where(eq(media.id, mediaId));
    expect(row?.library).toBe(true);
    // The library graphic is now any portal member's to post, and still no one else's.
    expect(await loadMediaForPublishing({ db: t.db, publicUrl: 'x' }, mediaId, coach.user.id)).not.toBeNull();
    expect(
      await loadMediaForPublishing({ db: t.db, publicUrl: 'x' }, mediaId, otherAdmin.user.id),
    ).toBeNull();
  });

  it('refuses members with 403 and stores nothing', async () => {
    const before = await contentCount();
    const res = await call(t, coach, { method: 'POST', url: '/api/content', payload: { title: 'Mine' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(libraryMessages.adminOnly);
    expect(await contentCount()).toBe(before);
  });

  it('refuses bad input with a clear 400 and stores nothing', async () => {
    const before = await contentCount();
    const foreignBrand = await addBrand(t, otherAdmin, 'Elsewhere');
    const foreignTag = await addTag(t, otherAdmin, 'Elsewhere');
    const privateImage = await uploadImage(t, coach);
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '   ' }, libraryMessages.titleRequired],
      [{ title: 'x'.repeat(301) }, 'title'],
      [{ title: 'Backwards', activeFrom: at(2 * hour), activeUntil: at(hour) }, libraryMessages.windowOrder],
      [{ title: 'Bad link', link: 'javascript:alert(1)' }, libraryMessages.linkInvalid],
      [{ title: 'Foreign brand', brandId: foreignBrand }, libraryMessages.unknownBrand],
      [{ title: 'Foreign tag', tagIds: [foreignTag] }, libraryMessages.unknownTags],
      [{ title: "Someone else's image", mediaId: privateImage }, libraryMessages.graphicNotYours],
      [{ title: 'Not an id', brandId: 'nope' }, 'brandId'],
      [{ title: 'Id on create', id: '6c0a3f0e-8d0b-4b47-9d3a-3b8d1f0f9a11' }, libraryMessages.idOnCreate],
    ];
    for (const [payload, message] of cases) {
      const res = await call(t, admin, { method: 'POST', url: '/api/content', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.message).toContain(message);
    }
    expect(await contentCount()).toBe(before);
    const [image] = await t.db
      .select({ library: media.library })
      .from(media)
      .where(eq(media.id, privateImage));
    expect(image?.library).toBe(false);
  });
});

describe('PUT /api/content/:id', () => {
  it('replaces the fields and tags', async () => {
    const tagA = await addTag(t, admin, 'Mobility');
    const tagB = await addTag(t, admin, 'Recovery');
    const id = await addContent(t, admin, { title: 'Hip openers', tagIds: [tagA] });
    const res = await call(t, admin, {
      method: 'PUT',
      url: `/api/content/${id}`,
      payload: { id, title: 'Hip openers for runners', body: 'Ten minutes a day.', tagIds: [tagB] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<ContentItem>()).toMatchObject({
      title: 'Hip openers for runners',
      body: 'Ten minutes a day.',
      tags: [{ id: tagB, name: 'Recovery' }],
      recommended: false,
    });
  });

  it('refuses a mismatched id, members, and other portals', async () => {
    const id = await addContent(t, admin, { title: 'Keep me' });
    const mismatch = await call(t, admin, {
      method: 'PUT',
      url: `/api/content/${id}`,
      payload: { id: '6c0a3f0e-8d0b-4b47-9d3a-3b8d1f0f9a11', title: 'Changed' },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error.message).toBe(libraryMessages.idMismatch);
    const member = await call(t, coach, {
      method: 'PUT',
      url: `/api/content/${id}`,
      payload: { title: 'Changed' },
    });
    expect(member.statusCode).toBe(403);
    const foreign = await call(t, otherAdmin, {
      method: 'PUT',
      url: `/api/content/${id}`,
      payload: { title: 'Changed' },
    });
    expect(foreign.statusCode).toBe(404);
    const [row] = await t.db.select().from(contentItems).where(eq(contentItems.id, id));
    expect(row?.title).toBe('Keep me');
  });
});

describe('DELETE /api/content', () => {
  it('deletes one or several for admins; all or none; 403 for members', async () => {
    const a = await addContent(t, admin, { title: 'Delete A' });
    const b = await addContent(t, admin, { title: 'Delete B' });
    const c = await addContent(t, admin, { title: 'Delete C' });
    const foreign = await addContent(t, otherAdmin, { title: 'Not yours' });
    expect((await call(t, coach, { method: 'DELETE', url: `/api/content/${a}` })).statusCode).toBe(403);
    const mixed = await call(t, admin, {
      method: 'DELETE',
      url: '/api/content',
      payload: { ids: [a, foreign] },
    });
    expect(mixed.statusCode).toBe(404);
    const empty = await call(t, admin, { method: 'DELETE', url: '/api/content', payload: { ids: [] } });
    expect(empty.statusCode).toBe(400);
    expect(await t.db.select().from(contentItems).where(eq(contentItems.id, a))).toHaveLength(1);
    const both = await call(t, admin, { method: 'DELETE', url: '/api/content', payload: { ids: [a, b] } });
    expect(both.statusCode).toBe(204);
    expect((await call(t, admin, { method: 'DELETE', url: `/api/content/${c}` })).statusCode).toBe(204);
    for (const id of [a, b, c]) {
      expect((await call(t, admin, { url: `/api/content/${id}` })).statusCode).toBe(404);
    }
    expect((await call(t, otherAdmin, { url: `/api/content/${foreign}` })).statusCode).toBe(200);
  });
});

describe('active window', () => {
  it('shows members only what is active now; admins list everything with include=all', async () => {
    const future = await addContent(t, admin, { title: 'Window future', activeFrom: at(hour) });
    const past = await addContent(t, admin, {
      title: 'Window past',
      activeUntil: at(-hour),
      activeFrom: at(-2 * hour),
    });
    const now = await addContent(t, admin, { title: 'Window now', activeUntil: at(hour) });
    const member = await call(t, coach, { url: '/api/content?q=window&pagesize=100' });
    expect(member.json<ContentPage>().items.map((i) => i.id)).toEqual([now]);
    expect((await call(t, coach, { url: `/api/content/${future}` })).statusCode).toBe(404);
    const refused = await call(t, coach, { url: '/api/content?include=all' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(libraryMessages.allContentAdminOnly);
    const all = await call(t, admin, { url: '/api/content?q=window&include=all&sort=title' });
    const items = all.json<ContentPage>().items;
    expect(items.map((i) => [i.id, i.active])).toEqual([
      [future, false],
      [now, true],
      [past, false],
    ]);
  });
});

describe('Scheduled and Posted labels', () => {
  it('come from the caller’s own posts made from the item, and its library graphic may be posted', async () => {
    const mediaId = await uploadImage(t, admin, '#e0662d');
    const id = await addContent(t, admin, { title: 'Label me', body: 'Post this', mediaId });
    const connectionId = await connectX(t, coach.auth);
    const post = await call(t, coach, {
      method: 'POST',
      url: '/api/posts',
      payload: {
        body: 'Post this',
        mediaId,
        contentId: id,
        connectionIds: [connectionId],
        scheduledAt: at(2 * hour),
      },
    });
    expect(post.statusCode, post.body).toBe(201);
    expect(post.json()).toMatchObject({ contentId: id, mediaId });

    const card = async (who: TestUser) =>
      (await call(t, who, { url: `/api/content/${id}` })).json<ContentItem>();
    expect(await card(coach)).toMatchObject({ scheduled: true, posted: false });
    expect(await card(colleague)).toMatchObject({ scheduled: false, posted: false });

    await t.db
      .update(postTargets)
      .set({ status: 'published', publishedAt: new Date() })
      .where(eq(postTargets.postId, post.json<{ id: string }>().id));
    expect(await card(coach)).toMatchObject({ scheduled: false, posted: true });
  });

  it('refuses a post made from another portal’s content', async () => {
    const foreign = await addContent(t, otherAdmin, { title: 'Theirs' });
    const connectionId = await connectX(t, colleague.auth);
    const post = await call(t, colleague, {
      method: 'POST',
      url: '/api/posts',
      payload: { body: 'x', contentId: foreign, connectionIds: [connectionId], scheduledAt: at(hour) },
    });
    expect(post.statusCode).toBe(400);
  });
});
