import { sql, type Column, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { contentItems } from '../../db/schema-library.js';
import type { Actor } from '../auth/sessions.js';
import { col } from '../../db/sql-helpers.js';

export interface LibraryDeps {
  db: Db;
  /** FitPost's public origin, for graphic URLs. */
  publicUrl: string;
  now?: () => Date;
}

export const clock = (deps: Pick<LibraryDeps, 'now'>) => deps.now?.() ?? new Date();

/** The columns who-sees-what reads: `content_items`' own, or their copy in `content_search`. */
export interface ContentAccessColumns {
  portalId: Column;
  ownerId: Column;
  activeFrom: Column;
  activeUntil: Column;
}

/**
 * SQL condition: the item is the caller's to see — their portal's, and not another member's
 * private feed item. Admins follow the same rule: a member's own feed is theirs alone.
 */
export function contentVisibleTo(actor: Actor, t: ContentAccessColumns = contentItems): SQL {
  const owner = col(t.ownerId);
  return sql`(${col(t.portalId)} = ${actor.portalId} and (${owner} is null or ${owner} = ${actor.userId}))`;
}

/** SQL condition: inside the item's active window at `now` (from ≤ now < until; open ends allowed). */
export function contentActiveAt(now: Date, t: ContentAccessColumns = contentItems): SQL {
  const from = col(t.activeFrom);
  const until = col(t.activeUntil);
  const at = now.toISOString();
  return sql`((${from} is null or ${from} <= ${at}::timestamptz) and (${until} is null or ${until} > ${at}::timestamptz))`;
}
