import {
  autoPostImportLimits,
  autoPostImportMessages,
  autoPostClaimTexts,
  autoPostMessages,
  checkHealthClaimsIn,
  csvMessages,
  readCsv,
  type AutoPostImportBody,
  type AutoPostImportResult,
} from '@fitpost/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { anyOf } from '../../db/bulk.js';
import { autoPosts } from '../../db/schema-autopost.js';
import { contentItems } from '../../db/schema-library.js';
import { queues } from '../../jobs/queues.js';
import { AppError } from '../../lib/errors.js';
import { requireAdmin } from '../auth/policy.js';
import type { Actor } from '../auth/sessions.js';
import { claimSettingsOf } from '../organisation/health-claims.js';
import { settingsOf } from '../organisation/service.js';
import type { AutoPostDeps } from './access.js';
import { readHeader, readRow, rowKey, type LibraryItem, type ReadRow } from './import-rows.js';
import { fields, shareMedia } from './scheduling.js';
import { autoPostChecks, autoPostProblems } from './validation.js';

// Import a plan (issue 29): every row checked with Schedule Auto-Post's rules, then all rows
// scheduled in one transaction, or none.

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The portal's library items among the ids the file names (one query). */
async function libraryItems(deps: AutoPostDeps, portalId: number, ids: string[]) {
  const wanted = [...new Set(ids.map((id) => id.trim().toLowerCase()).filter((id) => uuidPattern.test(id)))];
  const found = new Map<string, LibraryItem>();
  if (wanted.length === 0) return found;
  const rows = await deps.db
    .select({
      id: contentItems.id,
      body: contentItems.body,
      mediaId: contentItems.mediaId,
      link: contentItems.link,
    })
    .from(contentItems)
    .where(
      and(anyOf(contentItems.id, wanted), eq(contentItems.portalId, portalId), isNull(contentItems.ownerId)),
    );
  for (const row of rows) found.set(row.id, { body: row.body, mediaId: row.mediaId, link: row.link });
  return found;
}

/** Reads and checks the whole file; refuses a file too large, too long or unreadable. */
async function checkPlan(deps: AutoPostDeps, actor: Actor, csv: string) {
  const bytes = Buffer.byteLength(csv, 'utf8');
  if (bytes > autoPostImportLimits.maxBytes)
    throw new AppError('payload_too_large', autoPostImportMessages.tooLarge(bytes));
  const reading = readCsv(csv);
  if (!reading.ok) throw new AppError('validation', reading.message);
  const [header, ...records] = reading.records;
  if (!header) throw new AppError('validation', csvMessages.empty);
  if (records.length === 0) throw new AppError('validation', autoPostImportMessages.noRows);
  if (records.length > autoPostImportLimits.maxRows)
    throw new AppError('validation', autoPostImportMessages.tooManyRows(records.length));
  const index = readHeader(header.cells);
  const contentColumn = index.content_id;

  const settings = await settingsOf(deps.db, actor.portalId);
  const library = await libraryItems(
    deps,
    actor.portalId,
    contentColumn === undefined ? [] : records.map((r) => r.cells[contentColumn] ?? ''),
  );
  // An empty time_zone: the organisation's default zone, else the deployment's.
  const timeZone = settings.defaultTimeZone ?? deps.timeZone ?? 'UTC';
  const defaults = { timeZone, xSpreadMinutes: settings.xSpreadMinutes, library };
  const checks = autoPostChecks(deps, actor, settings);
  const claimRules = await claimSettingsOf(deps.db, actor.portalId);
  const firstSeen = new Map<string, number>();
  const rows: ReadRow[] = [];
  for (const record of records) {
    const row = readRow(record, index, header.cells.length, defaults);
    if (row.input) {
      for (const p of await autoPostProblems(checks, row.input)) {
        const column =
          p.field === 'scheduledAt'
            ? 'time'
            : p.field === 'xVariants'
              ? 'x_variants'
              : p.field === 'body'
                ? 'text'
                : 'content_id';
        row.problems.push({ column, message: p.message });
      }
      // Health claims refuse the row: a plan has no "I have checked these claims" box per row.
      const claims = checkHealthClaimsIn(autoPostClaimTexts(row.input), claimRules);
      if (claims.length > 0)
        row.problems.push({
          column: 'text',
          message: autoPostImportMessages.healthClaims(claims.map((c) => c.phrase)),
        });
      const key = rowKey(row.input);
      const earlier = firstSeen.get(key);
      if (earlier !== undefined)
        row.problems.push({ column: null, message: autoPostImportMessages.duplicate(earlier) });
      else firstSeen.set(key, row.line);
    }
    rows.push(row);
  }
  return { rows, settings };
}

/**
 * POST /api/autoposts/import: checks every row; unless a dry run, schedules them all in one
 * transaction. `status` is 422 when a row is invalid and it was not a dry run (nothing written).
 */
export async function importAutoPosts(
  deps: AutoPostDeps,
  actor: Actor,
  body: Required<AutoPostImportBody>,
): Promise<{ status: 200 | 422; result: AutoPostImportResult }> {
  requireAdmin(actor, autoPostMessages.adminOnly);
  const { rows, settings } = await checkPlan(deps, actor, body.csv);
  const invalid = rows.filter((r) => r.problems.length > 0).length;
  const answer = (created: string[]): AutoPostImportResult => ({
    rows: rows.map((r) => ({
      row: r.line,
      ok: r.problems.length === 0,
      errors: r.problems,
      scheduledAt: r.input ? new Date(r.input.scheduledAt).toISOString() : null,
      preview: r.preview,
    })),
    valid: rows.length - invalid,
    invalid,
    created,
  });
  if (invalid > 0) return { status: body.dryRun ? 200 : 422, result: answer([]) };
  if (body.dryRun) return { status: 200, result: answer([]) };

  const inputs = rows.flatMap((r) => (r.input ? [r.input] : []));
  const created = await deps.db.transaction(async (tx) => {
    const made = await tx
      .insert(autoPosts)
      .values(
        inputs.map((input) => ({
          portalId: actor.portalId,
          createdBy: actor.userId,
          ...fields(input, new Date(input.scheduledAt), settings),
        })),
      )
      .returning({ id: autoPosts.id, version: autoPosts.version, scheduledAt: autoPosts.scheduledAt });
    for (const mediaId of new Set(inputs.map((i) => i.mediaId)))
      await shareMedia(tx, mediaId, actor.portalId);
    const jobs = made.map((m) => ({
      data: { autoPostId: m.id, version: m.version },
      startAfter: m.scheduledAt,
    }));
    if (deps.enqueueManyIn) await deps.enqueueManyIn(tx)(queues.autoPostFanout, jobs);
    else for (const job of jobs) await deps.enqueueIn(tx)(queues.autoPostFanout, job.data, job.startAfter);
    return made.map((m) => m.id);
  });
  return { status: 200, result: answer(created) };
}
