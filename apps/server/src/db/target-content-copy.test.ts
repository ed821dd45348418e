import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, startTestApp, type TestApp } from '../test/harness.js';
import { autoPosts } from './schema-autopost.js';
import { contentItems } from './schema-library.js';
import { posts, postTargets } from './schema-posts.js';

// Each target's copy of its post's library item and Auto-Post flag (migration 0020), which Top Content
// and Top Tags count by: kept by the database whatever the code writes.
let t: TestApp;
let member: Awaited<ReturnType<typeof makeUser>>;

beforeAll(async () => {
  t = await startTestApp();
  member = await makeUser(t);
});
afterAll(() => t.close());

async function item(title: string) {
  const [row] = await t.db.insert(contentItems).values({ portalId: 1, type: 'library', title }).returning();
  if (!row) throw new Error('no item');
  return row.id;
}

async function postWithTargets(values: { contentId?: string | null; autoPostId?: string }, count = 2) {
  const [post] = await t.db
    .insert(posts)
    .values({ portalId: 1, userId: member.user.id, body: 'Squat cues', ...values })
    .returning();
  if (!post) throw new Error('no post');
  await t.db.insert(postTargets).values(
    Array.from({ length: count }, (_, i) => ({
      postId: post.id,
      portalId: 1,
      userId: member.user.id,
      network: i % 2 === 0 ? ('x' as const) : ('linkedin' as const),
      accountName: 'Casey',
      dueAt: new Date(),
    })),
  );
  return post.id;
}

const copies = (postId: string) =>
  t.db
    .select({ contentId: postTargets.contentId, fromAutoPost: postTargets.fromAutoPost })
    .from(postTargets)
    .where(eq(postTargets.postId, postId));

describe('a target’s copy of its post’s library item', () => {
  it('is the post’s item when the target is written, and none for a post of the member’s own', async () => {
    const squat = await item('5 cues for a better squat');
    const fromLibrary = await postWithTargets({ contentId: squat });
    expect(await copies(fromLibrary)).toEqual([
      { contentId: squat, fromAutoPost: false },
      { contentId: squat, fromAutoPost: false },
    ]);
    const own = await postWithTargets({});
    expect(await copies(own)).toEqual([
      { contentId: null, fromAutoPost: false },
      { contentId: null, fromAutoPost: false },
    ]);
  });

  it('marks the deliveries of an Auto-Post', async () => {
    const oats = await item('Overnight oats, three ways');
    const [autoPost] = await t.db
      .insert(autoPosts)
      .values({ portalId: 1, contentId: oats, networks: ['x'], scheduledAt: new Date() })
      .returning();
    if (!autoPost) throw new Error('no Auto-Post');
    const delivery = await postWithTargets({ contentId: oats, autoPostId: autoPost.id }, 1);
    expect(await copies(delivery)).toEqual([{ contentId: oats, fromAutoPost: true }]);
  });

  it('cannot be written differently from the post', async () => {
    const squat = await item('Kettlebell swing basics');
    const other = await item('Running form tips');
    const postId = await postWithTargets({ contentId: squat }, 1);
    await t.db
      .update(postTargets)
      .set({ contentId: other, fromAutoPost: true })
      .where(eq(postTargets.postId, postId));
    expect(await copies(postId)).toEqual([{ contentId: squat, fromAutoPost: false }]);
  });

  it('follows the post when its item changes, and when the item is deleted', async () => {
    const before = await item('Desk worker hip openers');
    const after = await item('Beat the Monday blues');
    const postId = await postWithTargets({});
    await t.db.update(posts).set({ contentId: before }).where(eq(posts.id, postId));
    expect((await copies(postId)).map((c) => c.contentId)).toEqual([before, before]);
    await t.db.update(posts).set({ contentId: after }).where(eq(posts.id, postId));
    expect((await copies(postId)).map((c) => c.contentId)).toEqual([after, after]);
    await t.db.delete(contentItems).where(eq(contentItems.id, after));
    expect((await copies(postId)).map((c) => c.contentId)).toEqual([null, null]);
  });
});
