import type { Network } from '@fitpost/contract';
import { postMetrics } from '../db/schema-metrics.js';
import { posts, postTargets } from '../db/schema-posts.js';
import type { TestApp } from './harness.js';
import { connectAccount, type TestUser } from './library.js';

/** Figures of a published post as post_metrics keeps them (null: the network does not tell). */
export interface Figures {
  likes: number | null;
  comments?: number | null;
  shares?: number | null;
  clicks?: number | null;
  impressions?: number | null;
}

/**
 * Published posts of `who` on one account of `network`, one a time in `at` (ISO instants), each
 * with its latest figures, as the publishing engine and the metrics job would leave them.
 */
export async function publishedWithFigures(
  t: TestApp,
  who: TestUser,
  network: Network,
  posted: readonly { at: string; figures: Figures }[],
) {
  const connectionId = await connectAccount(t, who, network, `${who.user.fullName} on ${network}`);
  for (const { at, figures } of posted) {
    const [post] = await t.db
      .insert(posts)
      .values({ portalId: who.user.portalId, userId: who.user.id, body: `Posted at ${at}` })
      .returning();
    if (!post) throw new Error('no post');
    const [target] = await t.db
      .insert(postTargets)
      .values({
        postId: post.id,
        portalId: post.portalId,
        userId: post.userId,
        connectionId,
        network,
        accountName: `${who.user.fullName} on ${network}`,
        status: 'published',
        dueAt: new Date(at),
        publishedAt: new Date(at),
        remoteId: `remote-${post.id}`,
      })
      .returning();
    if (!target) throw new Error('no target');
    await t.db.insert(postMetrics).values({
      targetId: target.id,
      portalId: target.portalId,
      userId: target.userId,
      network,
      publishedAt: new Date(at),
      impressions: figures.impressions ?? null,
      likes: figures.likes,
      comments: figures.comments ?? null,
      shares: figures.shares ?? null,
      clicks: figures.clicks ?? null,
      fetchedAt: new Date(at),
      nextFetchAt: null,
    });
  }
}
