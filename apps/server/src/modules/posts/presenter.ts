import type { PostStatus, ScheduledPost } from '@fitpost/contract';
import { getTableName, sql, type SQL } from 'drizzle-orm';
import { posts, postTargets } from '../../db/schema-posts.js';

type PostRow = typeof posts.$inferSelect;
type TargetRow = typeof postTargets.$inferSelect;

/**
 * The post's status from its targets: what the member sees as Scheduled / Posted. A post without
 * targets is a draft. `postStatusSql` below is the same rule in SQL; a test keeps them in step.
 */
export function derivePostStatus(targets: Pick<TargetRow, 'status'>[]): PostStatus {
  const s = new Set(targets.map((t) => t.status));
  if (targets.length === 0) return 'draft';
  if ([...s].every((x) => x === 'cancelled')) return 'cancelled';
  if ([...s].every((x) => x === 'published' || x === 'cancelled')) return 'posted';
  if (s.has('publishing') || s.has('unknown')) return 'publishing';
  if (s.has('scheduled')) return 'scheduled';
  return s.has('published') ? 'partly_posted' : 'failed';
}

/**
 * `derivePostStatus` as a correlated SQL expression over the targets of the enclosing `posts` row.
 * Written with qualified names on purpose: drizzle leaves columns unqualified in a one-table
 * select, and an unqualified `id` here would mean the target's id.
 */
export function postStatusSql(): SQL<PostStatus> {
  return sql<PostStatus>`(select case
    when count(*) = 0 then 'draft'
    when bool_and(pt.status = 'cancelled') then 'cancelled'
    when bool_and(pt.status in ('published', 'cancelled')) then 'posted'
    when bool_or(pt.status in ('publishing', 'unknown')) then 'publishing'
    when bool_or(pt.status = 'scheduled') then 'scheduled'
    when bool_or(pt.status = 'published') then 'partly_posted'
    else 'failed' end
    from ${postTargets} pt where pt.post_id = ${sql.identifier(getTableName(posts))}.id)`;
}

/** The accounts a post is for: a draft keeps its choice on the post, a scheduled post in its targets. */
export function connectionIdsOf(post: Pick<PostRow, 'draftConnectionIds'>, targets: TargetRow[]) {
  if (targets.length === 0) return post.draftConnectionIds;
  return [...new Set(targets.flatMap((t) => (t.connectionId ? [t.connectionId] : [])))];
}

/** The response shape of one post with its targets (an explicit allowlist of fields). */
export function presentPost(post: PostRow, targets: TargetRow[]): ScheduledPost {
  return {
    id: post.id,
    body: post.body,
    mediaId: post.mediaId,
    link: post.link,
    contentId: post.contentId,
    scheduledAt: post.scheduledAt?.toISOString() ?? null,
    timeZone: post.timeZone,
    status: derivePostStatus(targets),
    connectionIds: connectionIdsOf(post, targets),
    targets: targets.map((t) => ({
      id: t.id,
      connectionId: t.connectionId,
      network: t.network,
      accountName: t.accountName,
      status: t.status,
      attempts: t.attempts,
      error: t.error,
      remoteId: t.remoteId,
      remoteUrl: t.remoteUrl,
      publishedAt: t.publishedAt?.toISOString() ?? null,
    })),
    createdAt: post.createdAt.toISOString(),
    updatedAt: post.updatedAt.toISOString(),
  };
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** The first `length` characters as a reader counts them (an emoji is one), with an ellipsis if cut. */
export function excerpt(body: string, length: number): string {
  const text = body.replace(/\s+/g, ' ').trim();
  // No text has more characters than UTF-16 units, and printable ASCII is one unit per character:
  // only the rest needs the (slow) grapheme segmenter.
  if (text.length <= length) return text;
  const head = text.slice(0, length + 1);
  if (/^[\x20-\x7e]*$/.test(head)) return `${head.slice(0, length).trimEnd()}…`;
  const parts: string[] = [];
  for (const { segment } of graphemes.segment(text)) {
    if (parts.length === length) return `${parts.join('').trimEnd()}…`;
    parts.push(segment);
  }
  return parts.join('');
}
