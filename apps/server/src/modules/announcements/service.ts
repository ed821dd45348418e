import {
  announcementLimits,
  announcementMessages,
  type Announcement,
  type announcementActiveBody,
  type AnnouncementDetail,
  type AnnouncementPage,
  type announcementSearchBody,
  type announcementUpsert,
} from '@fitpost/contract';
import { and, asc, count, eq, ilike, inArray, not, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { announcements } from '../../db/schema-announcements.js';
import { AppError, notFound } from '../../lib/errors.js';
import { requireAdmin } from '../auth/policy.js';
import type { Actor } from '../auth/sessions.js';
import { likePattern } from '../../db/sql-helpers.js';
import { presentAnnouncement, presentAnnouncementDetail } from './presenter.js';
import { sanitizeAnnouncementHtml } from './sanitize.js';

export interface AnnouncementDeps {
  db: Db;
  now?: () => Date;
}

type Upsert = z.output<typeof announcementUpsert>;
const clock = (deps: AnnouncementDeps) => deps.now?.() ?? new Date();
const what = 'Announcement';

/** SQL condition: switched on and inside its window at `now` (start ≤ now < end; open ends allowed). */
function activeAt(now: Date): SQL {
  const at = now.toISOString();
  return and(
    eq(announcements.isActive, true),
    sql`(${announcements.startDate} is null or ${announcements.startDate} <= ${at}::timestamptz)`,
    sql`(${announcements.endDate} is null or ${announcements.endDate} > ${at}::timestamptz)`,
  ) as SQL;
}

/**
 * Spec §7's active list, for anyone: the portal's announcements shown now, oldest start first,
 * leaving out the non-recurring ones the browser has already seen. An unknown portal has none.
 */
export async function activeAnnouncements(
  deps: AnnouncementDeps,
  input: z.output<typeof announcementActiveBody>,
): Promise<Announcement[]> {
  const where = [eq(announcements.portalId, input.portalId), activeAt(clock(deps))];
  const seen = [...new Set(input.ids)];
  if (seen.length > 0) {
    where.push(or(eq(announcements.isRecurring, true), not(inArray(announcements.id, seen))) as SQL);
  }
  const rows = await deps.db
    .select()
    .from(announcements)
    .where(and(...where))
    .orderBy(sql`coalesce(${announcements.startDate}, ${announcements.createdAt})`, asc(announcements.id))
    .limit(announcementLimits.activeMax);
  return rows.map(presentAnnouncement);
}

/** The admin's search: keyword over the body and link text, shown-now filter, paged and sorted. */
export async function searchAnnouncements(
  deps: AnnouncementDeps,
  actor: Actor,
  q: z.output<typeof announcementSearchBody>,
): Promise<AnnouncementPage> {
  requireAdmin(actor, announcementMessages.adminOnly);
  const where: SQL[] = [eq(announcements.portalId, actor.portalId)];
  if (q.keyword) {
    const pattern = likePattern(q.keyword);
    where.push(or(ilike(announcements.body, pattern), ilike(announcements.urlText, pattern)) as SQL);
  }
  if (q.active !== undefined) {
    const shown = activeAt(clock(deps));
    where.push(q.active ? shown : not(shown));
  }
  const key = announcements[q.sort];
  const down = q.desc ?? true;
  const [rows, [total]] = await Promise.all([
    deps.db
      .select()
      .from(announcements)
      .where(and(...where))
      .orderBy(down ? sql`${key} desc nulls last` : sql`${key} asc nulls last`, asc(announcements.id))
      .limit(q.pagesize)
      .offset((q.page - 1) * q.pagesize),
    deps.db
      .select({ n: count() })
      .from(announcements)
      .where(and(...where)),
  ]);
  return {
    items: rows.map(presentAnnouncementDetail),
    total: total?.n ?? 0,
    page: q.page,
    pageSize: q.pagesize,
  };
}

/** One announcement of the admin's portal; `portalId` must be it (404 otherwise). */
export async function getAnnouncement(
  deps: AnnouncementDeps,
  actor: Actor,
  id: string,
  portalId = actor.portalId,
): Promise<AnnouncementDetail> {
  requireAdmin(actor, announcementMessages.adminOnly);
  if (portalId !== actor.portalId) throw notFound(what);
  const [row] = await deps.db
    .select()
    .from(announcements)
    .where(and(eq(announcements.id, id), eq(announcements.portalId, actor.portalId)));
  if (!row) throw notFound(what);
  return presentAnnouncementDetail(row);
}

/** The stored fields of an upsert: the body sanitised, and refused if nothing is left of it. */
function storedFields(input: Upsert) {
  const body = sanitizeAnnouncementHtml(input.body);
  if (!body) throw new AppError('validation', announcementMessages.bodyRequired);
  return {
    body,
    url: input.url,
    urlText: input.urlText,
    isRecurring: input.isRecurring,
    isActive: input.isActive,
    startDate: input.startDate ? new Date(input.startDate) : null,
    endDate: input.endDate ? new Date(input.endDate) : null,
  };
}

export async function createAnnouncement(
  deps: AnnouncementDeps,
  actor: Actor,
  input: Upsert,
): Promise<AnnouncementDetail> {
  requireAdmin(actor, announcementMessages.adminOnly);
  if (input.id) throw new AppError('validation', announcementMessages.idOnCreate);
  const now = clock(deps);
  const [row] = await deps.db
    .insert(announcements)
    .values({ ...storedFields(input), portalId: actor.portalId, createdAt: now, updatedAt: now })
    .returning();
  if (!row) throw new Error('announcement insert returned no row');
  return presentAnnouncementDetail(row);
}

export async function updateAnnouncement(
  deps: AnnouncementDeps,
  actor: Actor,
  id: string,
  input: Upsert,
): Promise<AnnouncementDetail> {
  requireAdmin(actor, announcementMessages.adminOnly);
  if (input.id && input.id !== id) throw new AppError('validation', announcementMessages.idMismatch);
  const [row] = await deps.db
    .update(announcements)
    .set({ ...storedFields(input), updatedAt: clock(deps) })
    .where(and(eq(announcements.id, id), eq(announcements.portalId, actor.portalId)))
    .returning();
  if (!row) throw notFound(what);
  return presentAnnouncementDetail(row);
}

/** Deletes announcements (admin, multi-delete): all of them or, if any is not the portal's, none. */
export async function deleteAnnouncements(deps: AnnouncementDeps, actor: Actor, ids: string[]) {
  requireAdmin(actor, announcementMessages.adminOnly);
  const unique = [...new Set(ids)];
  await deps.db.transaction(async (tx) => {
    const deleted = await tx
      .delete(announcements)
      .where(and(inArray(announcements.id, unique), eq(announcements.portalId, actor.portalId)))
      .returning({ id: announcements.id });
    if (deleted.length !== unique.length) throw notFound(what);
  });
}
