import {
  isTimeZoneName,
  reportTitles,
  timeZoneProperty,
  type ReportCell,
  type ReportQuery,
  type ReportResult,
  type ReportRoute,
} from '@fitpost/contract';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { userProperties } from '../../db/schema.js';
import type { Actor } from '../auth/sessions.js';
import { requireAdmin } from '../auth/policy.js';
import { csvHeader, csvRow } from './csv.js';
import { reportDefinitions, type ReportContext } from './definitions.js';
import { reportRange } from './range.js';

export interface ReportsDeps {
  db: Db;
  now?: () => Date;
}

/** Rows a CSV export reads per statement, so memory stays flat however long the report. */
const CSV_CHUNK = 2000;

/** Both drivers resolve execute() to { rows }; the generic Db type only knows "some result". */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/** The zone a caller's days are read in: the one asked for, else their saved one, else UTC. */
export async function zoneOf(db: Db, userId: string, asked: string | undefined): Promise<string> {
  if (asked) return asked;
  const [saved] = await db
    .select({ value: userProperties.value })
    .from(userProperties)
    .where(and(eq(userProperties.userId, userId), eq(userProperties.name, timeZoneProperty)));
  return saved && isTimeZoneName(saved.value) ? saved.value : 'UTC';
}

async function contextOf(deps: ReportsDeps, actor: Actor, q: ReportQuery): Promise<ReportContext> {
  requireAdmin(actor, 'Only administrators can see reports');
  const now = deps.now?.() ?? new Date();
  const timeZone = await zoneOf(deps.db, actor.userId, q.tz);
  return {
    portalId: actor.portalId,
    range: reportRange(q, timeZone, now),
    network: q.network,
    now,
    days: q.days,
  };
}

/** The report's rows in the asked order (an unknown sort key falls back to the report's own). */
function ordered(route: ReportRoute, ctx: ReportContext, q: ReportQuery): SQL {
  const def = reportDefinitions[route];
  const keys = new Set([def.sort, ...def.columns.map((c) => c.key)]);
  const sort = q.sort && keys.has(q.sort) ? q.sort : def.sort;
  const desc = q.sort && keys.has(q.sort) ? (q.desc ?? false) : def.desc;
  // The report's own order breaks ties, so paging is stable.
  return sql`select * from (${def.query(ctx)}) r order by ${sql.identifier(sort)} ${desc ? sql`desc` : sql`asc`} nulls last, ${sql.identifier(def.sort)} ${def.desc ? sql`desc` : sql`asc`}`;
}

/** Keeps the columns' keys only, numbers as numbers (PostgreSQL's counts and sums arrive as text). */
function present(route: ReportRoute, raw: Record<string, unknown>): Record<string, ReportCell> {
  const row: Record<string, ReportCell> = {};
  for (const c of reportDefinitions[route].columns) {
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
  const ctx = await contextOf(deps, actor, q);
  const def = reportDefinitions[route];
  const [counted] = await rowsOf<{ n: number | string }>(
    deps.db,
    sql`select count(*) as n from (${def.query(ctx)}) r`,
  );
  const rows = await rowsOf<Record<string, unknown>>(
    deps.db,
    sql`${ordered(route, ctx, q)} limit ${q.pagesize} offset ${(q.page - 1) * q.pagesize}`,
  );
  return {
    report: route,
    title: reportTitles[route],
    from: ctx.range.from,
    to: ctx.range.to,
    timeZone: ctx.range.timeZone,
    columns: def.columns,
    rows: rows.map((r) => present(route, r)),
    total: Number(counted?.n ?? 0),
    page: q.page,
    pageSize: q.pagesize,
    chart: def.chart,
  };
}

/** The whole report as CSV lines, read a chunk at a time (keyset-free paging over the same order). */
export async function csvExport(deps: ReportsDeps, actor: Actor, route: ReportRoute, q: ReportQuery) {
  const ctx = await contextOf(deps, actor, q);
  const def = reportDefinitions[route];
  const query = ordered(route, ctx, q);
  async function* lines() {
    yield csvHeader(def.columns);
    for (let offset = 0; ; offset += CSV_CHUNK) {
      const rows = await rowsOf<Record<string, unknown>>(
        deps.db,
        sql`${query} limit ${CSV_CHUNK} offset ${offset}`,
      );
      if (rows.length > 0) yield rows.map((r) => csvRow(def.columns, present(route, r))).join('');
      if (rows.length < CSV_CHUNK) return;
    }
  }
  return { fileName: `fitpost-${route}-${ctx.range.from}-to-${ctx.range.to}.csv`, lines: lines() };
}
