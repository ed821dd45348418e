import {
  reportLimits,
  reportTitles,
  viewsOf,
  type ReportCell,
  type ReportQuery,
  type ReportResult,
  type ReportRoute,
  type ReportView,
} from '@fitpost/contract';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/bulk.js';
import { AppError } from '../../lib/errors.js';
import type { Actor } from '../auth/sessions.js';
import { requireAdmin } from '../auth/policy.js';
import { memberZone } from '../organisation/time-zone.js';
import { csvHeader, csvRow } from './csv.js';
import { reportDefinitions } from './definitions.js';
import type { ReportContext, ReportDefinition } from './definitions/sql.js';
import { reportRange } from './range.js';

export interface ReportsDeps {
  db: Db;
  /** The deployment's zone (FITPOST_TIME_ZONE), for a caller with neither their own nor an organisation's. */
  timeZone: string;
  now?: () => Date;
}

/** Rows a CSV export fetches (and renders) at a time, so memory stays flat however long the report. */
const CSV_CHUNK = 5000;

/** The zone a report's days are read in: the one asked for (`tz`), else the caller's (memberZone). */
export async function reportZone(
  deps: ReportsDeps,
  actor: Actor,
  asked: string | undefined,
): Promise<string> {
  return asked ?? memberZone(deps.db, actor.userId, deps.timeZone);
}

async function contextOf(
  deps: ReportsDeps,
  actor: Actor,
  route: ReportRoute,
  q: ReportQuery,
): Promise<ReportContext> {
  requireAdmin(actor, 'Only administrators can see reports');
  const now = deps.now?.() ?? new Date();
  const timeZone = await reportZone(deps, actor, q.tz);
  // Upcoming Posts looks ahead: by default today and the next days (`days`, else 30).
  const ahead = route === 'upcoming' ? (q.days ?? reportLimits.defaultDays) : undefined;
  return {
    portalId: actor.portalId,
    range: reportRange(q, timeZone, now, ahead),
    network: q.network,
    now,
    days: q.days,
  };
}

/**
 * The definition of the report's view asked for (`by`; its first view when none), and that view:
 * a report of one view refuses `by`, and a report with views refuses one it does not have.
 */
function definitionOf(route: ReportRoute, by: ReportView | undefined) {
  const views = viewsOf(route).map((v) => v.view);
  const def = reportDefinitions[route];
  if (by === undefined) return { def, view: views[0] };
  const chosen = views.includes(by) ? def.views?.[by] : undefined;
  if (!chosen)
    throw new AppError(
      'validation',
      views.length > 0
        ? `${reportTitles[route]} is viewed by ${views.join(', ')}, not by ${by}`
        : `${reportTitles[route]} has one view: leave out by`,
    );
  return { def: chosen, view: by };
}

/** The report's rows in the asked order (an unknown sort key falls back to the report's own). */
function ordered(def: ReportDefinition, ctx: ReportContext, q: ReportQuery, withTotal = false): SQL {
  const keys = new Set([def.sort, ...def.columns.map((c) => c.key)]);
  const sort = q.sort && keys.has(q.sort) ? q.sort : def.sort;
  const desc = q.sort && keys.has(q.sort) ? (q.desc ?? false) : def.desc;
  const by = (key: string) => sql.identifier(def.orderBy?.[key] ?? key);
  // The report's own order breaks ties, so paging is stable.
  return sql`select *${withTotal ? sql`, count(*) over () as report_total` : sql``} from (${def.query(ctx)}) r
    order by ${by(sort)} ${desc ? sql`desc` : sql`asc`} nulls last, ${by(def.sort)} ${def.desc ? sql`desc` : sql`asc`}`;
}

/** Keeps the columns' keys only, numbers as numbers (PostgreSQL's counts and sums arrive as text). */
function present(def: ReportDefinition, raw: Record<string, unknown>): Record<string, ReportCell> {
  const row: Record<string, ReportCell> = {};
  for (const c of def.columns) {
    const value = raw[c.key];
    if (value === null || value === undefined) row[c.key] = null;
    else if (c.type === 'number' || c.type === 'percent') row[c.key] = Number(value);
    else if (value instanceof Date) row[c.key] = value.toISOString();
    else row[c.key] = typeof value === 'string' ? value : JSON.stringify(value);
  }
  return row;
}

/** One report page as JSON: admins only, the caller's portal only. */
export async function runReport(
  deps: ReportsDeps,
  actor: Actor,
  route: ReportRoute,
  q: ReportQuery,
): Promise<ReportResult> {
  const ctx = await contextOf(deps, actor, route, q);
  const { def, view } = definitionOf(route, q.by);
  // Usually one statement: the page, with the whole report's row count alongside (a window over the
  // rows before paging), so the report's query runs once. A report of many rows counts separately,
  // so its page comes from the order's index; so does a page past the end (no row to carry the count).
  const rows = await rowsOf<Record<string, unknown>>(
    deps.db,
    sql`${ordered(def, ctx, q, !def.count)} limit ${q.pagesize} offset ${(q.page - 1) * q.pagesize}`,
  );
  let total = Number(rows[0]?.report_total ?? 0);
  if (def.count || (rows.length === 0 && q.page > 1)) {
    const [counted] = await rowsOf<{ n: number | string }>(
      deps.db,
      def.count?.(ctx) ?? sql`select count(*) as n from (${def.query(ctx)}) r`,
    );
    total = Number(counted?.n ?? 0);
  }
  return {
    report: route,
    title: reportTitles[route],
    from: ctx.range.from,
    to: ctx.range.to,
    timeZone: ctx.range.timeZone,
    columns: def.columns,
    rows: rows.map((r) => present(def, r)),
    total,
    page: q.page,
    pageSize: q.pagesize,
    chart: def.chart,
    ...(view ? { view } : {}),
    ...(def.memberId ? { memberIds: rows.map((r) => String(r[def.memberId ?? ''])) } : {}),
  };
}

/**
 * The report's rows for an export, from one statement (one scan and one sort, never re-read per
 * chunk): on PostgreSQL through a server-side cursor on a connection of its own, CSV_CHUNK rows per
 * fetch, so server memory stays flat however long the report; on embedded PGlite (one connection,
 * which a cursor would hold for the whole download) as one result, handed out in chunks.
 */
async function* exportRows(db: Db, query: SQL): AsyncGenerator<Record<string, unknown>[]> {
  const client = (db as unknown as { $client: unknown }).$client;
  if (!(client instanceof pg.Pool)) {
    const rows = await rowsOf<Record<string, unknown>>(db, query);
    for (let i = 0; i < rows.length; i += CSV_CHUNK) yield rows.slice(i, i + CSV_CHUNK);
    return;
  }
  const { sql: text, params } = new PgDialect().sqlToQuery(query);
  const conn = await client.connect();
  let failed = false;
  let open = false;
  try {
    await conn.query('begin read only');
    open = true;
    // A cursor is planned for its first rows (cursor_tuple_fraction 0.1): a nested loop of index
    // look-ups per row, which for a 100,000-row export costs far more than one pass of hash joins.
    // Every row will be read, so plan for all of them.
    await conn.query('set local cursor_tuple_fraction = 1');
    await conn.query(`declare report_export no scroll cursor for ${text}`, params);
    for (;;) {
      const { rows } = await conn.query<Record<string, unknown>>(
        `fetch forward ${CSV_CHUNK} from report_export`,
      );
      if (rows.length > 0) yield rows;
      if (rows.length < CSV_CHUNK) break;
    }
    await conn.query('commit');
    open = false;
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    // Also when the download stops early (the stream's iterator is returned): end the transaction,
    // and drop a connection that failed mid-way rather than hand it back in an unknown state.
    if (open && !failed) await conn.query('rollback').catch(() => undefined);
    conn.release(failed);
  }
}

/** The whole report as CSV lines, streamed as read. */
export async function csvExport(deps: ReportsDeps, actor: Actor, route: ReportRoute, q: ReportQuery) {
  const ctx = await contextOf(deps, actor, route, q);
  const { def, view } = definitionOf(route, q.by);
  const query = ordered(def, ctx, q);
  async function* lines() {
    yield csvHeader(def.columns);
    for await (const rows of exportRows(deps.db, query)) {
      yield rows.map((r) => csvRow(def.columns, present(def, r))).join('');
    }
  }
  // A view other than the first is named in the file: fitpost-linkclicks-by-member-….csv.
  const name = view && view !== viewsOf(route)[0]?.view ? `${route}-by-${view}` : route;
  return { fileName: `fitpost-${name}-${ctx.range.from}-to-${ctx.range.to}.csv`, lines: lines() };
}
