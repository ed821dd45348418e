import {
  addDays,
  autoPostCsvColumns,
  autoPostImportLimits,
  autoPostMessages,
  formatCount,
  startOfZonedDay,
  toWallTime,
  type AutoPostCsvColumn,
  type AutoPostExportQuery,
} from '@fitpost/contract';
import { and, asc, eq, gte, lt } from 'drizzle-orm';
import { autoPosts } from '../../db/schema-autopost.js';
import { AppError } from '../../lib/errors.js';
import { requireAdmin } from '../auth/policy.js';
import type { Actor } from '../auth/sessions.js';
import { memberZone } from '../organisation/time-zone.js';
import { csvLine } from '../reports/csv.js';
import type { AutoPostDeps } from './access.js';

// Export the plan (issue 29): the portal's scheduled Auto-Posts in the import's columns, so a file
// exported and imported again schedules the same plan.

type AutoPostRow = typeof autoPosts.$inferSelect;

/** One Auto-Post as the import's cells: its time in its own zone. */
function cellsOf(row: AutoPostRow): Record<AutoPostCsvColumn, string> {
  const { date, time } = toWallTime(row.scheduledAt, row.timeZone);
  const onX = row.networks.includes('x');
  return {
    date,
    time,
    time_zone: row.timeZone,
    text: row.body,
    link: row.link ?? '',
    networks: row.networks.join(';'),
    content_id: row.contentId ?? '',
    x_variants: onX ? row.xVariants.join('|') : '',
    x_spread_minutes: String(row.xSpreadMinutes),
    utm: String(row.utm),
  };
}

/**
 * GET /api/autoposts/export: the Auto-Posts still to come from the start of `from` to the end of
 * `to` (days in the admin's zone), as CSV text with formulas neutralised as the report CSVs are.
 */
export async function exportAutoPosts(deps: AutoPostDeps, actor: Actor, q: AutoPostExportQuery) {
  requireAdmin(actor, autoPostMessages.adminOnly);
  const zone = await memberZone(deps.db, actor.userId, deps.timeZone ?? 'UTC');
  const rows = await deps.db
    .select()
    .from(autoPosts)
    .where(
      and(
        eq(autoPosts.portalId, actor.portalId),
        eq(autoPosts.status, 'scheduled'),
        gte(autoPosts.scheduledAt, new Date(startOfZonedDay(q.from, zone))),
        lt(autoPosts.scheduledAt, new Date(startOfZonedDay(addDays(q.to, 1), zone))),
      ),
    )
    .orderBy(asc(autoPosts.scheduledAt), asc(autoPosts.createdAt))
    .limit(autoPostImportLimits.maxRows + 1);
  if (rows.length > autoPostImportLimits.maxRows)
    throw new AppError(
      'validation',
      `More than ${formatCount(autoPostImportLimits.maxRows)} Auto-Posts are scheduled from ${q.from} to ${q.to}; export a shorter range (an import takes at most ${formatCount(autoPostImportLimits.maxRows)} rows).`,
    );
  const csv = [
    csvLine(autoPostCsvColumns),
    ...rows.map((row) => {
      const cells = cellsOf(row);
      return csvLine(autoPostCsvColumns.map((c) => cells[c]));
    }),
  ].join('');
  return { fileName: `auto-post-plan-${q.from}-to-${q.to}.csv`, csv };
}
