import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { autoPosts } from '../../db/schema-autopost.js';
import { notFound } from '../../lib/errors.js';
import type { Actor } from '../auth/sessions.js';
import type { ClaimGuardSeam } from '../posts/claim-guard.js';

// What the Auto-Post services share: their dependencies, the clock, and finding an Auto-Post of the
// caller's portal. Admin scheduling is in scheduling.ts, members' choices in choices.ts, the
// opt-in settings in settings.ts.

type Enqueue = (queue: string, data: object, startAfter?: Date) => Promise<unknown>;
type EnqueueMany = (queue: string, jobs: { data: object; startAfter?: Date }[]) => Promise<unknown>;

export interface AutoPostDeps extends ClaimGuardSeam {
  db: Db;
  enqueueIn: (tx: Db) => Enqueue;
  /** Many jobs in one statement (the plan import's fan-out jobs); without it, one at a time. */
  enqueueManyIn?: (tx: Db) => EnqueueMany;
  /** The deployment's zone (FITPOST_TIME_ZONE): an imported row without a zone, when the organisation has none. */
  timeZone?: string;
  publicUrl: string;
  now?: () => Date;
  /**
   * Makes the member's own post for a Custom Post (the posts service's createPost), written in `tx`
   * so that it commits together with the member's choice.
   */
  createMemberPost: (
    tx: Db,
    actor: Actor,
    input: {
      body: string;
      mediaId: string | null;
      link: string | null;
      contentId: string | null;
      connectionIds: string[];
      scheduledAt: string;
      timeZone: string;
    },
  ) => Promise<{ id: string }>;
}

export const clock = (deps: Pick<AutoPostDeps, 'now'>) => deps.now?.() ?? new Date();

/** An Auto-Post of the caller's portal, or 404. */
export async function findPortalAutoPost(db: Db, actor: Actor, id: string) {
  const [row] = await db
    .select()
    .from(autoPosts)
    .where(and(eq(autoPosts.id, id), eq(autoPosts.portalId, actor.portalId)));
  if (!row) throw notFound('Auto-Post');
  return row;
}
