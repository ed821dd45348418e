import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { contentItems, contentTags, tags } from '../../db/schema-library.js';
import { col } from '../../db/sql-helpers.js';

const uuidList = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/**
 * Rewrites `tag_names` (the searchable tag names the full-text column reads) for the items the
 * subquery `which` selects, leaving out `exceptTagIds` (tags about to be deleted). Call it in the
 * same transaction as any change to an item's tags or to a tag's name or searchable flag.
 */
export async function refreshTagNames(db: Db, which: SQL, exceptTagIds: string[] = []) {
  const except =
    exceptTagIds.length > 0 ? sql` and ${col(tags.id)} not in (${uuidList(exceptTagIds)})` : sql``;
  const name = col(tags.name);
  await db.execute(
    sql`update ${contentItems} set tag_names = coalesce((select string_agg(${name}, ' ' order by lower(${name})) from ${contentTags} join ${tags} on ${col(tags.id)} = ${col(contentTags.tagId)} where ${col(contentTags.contentId)} = ${col(contentItems.id)} and ${col(tags.searchable)}${except}), '') where ${col(contentItems.id)} in (${which})`,
  );
}

/** Subquery: the items carrying any of these tags. */
export const itemsTagged = (tagIds: string[]) =>
  sql`select ${col(contentTags.contentId)} from ${contentTags} where ${col(contentTags.tagId)} in (${uuidList(tagIds)})`;

/** Subquery: one item. */
export const oneItem = (contentId: string) => sql`select ${contentId}::uuid`;
