import { getTableColumns, getTableName, sql, type Column, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';

/**
 * `column = any($1::type[])`: the ids as one array parameter. Drizzle's `inArray` binds one
 * parameter per id, and building and planning a statement with hundreds of them costs more than
 * the query (a month view names a few hundred posts; a fan-out batch hundreds of members).
 */
export function anyOf(column: Column, values: readonly (string | number)[]): SQL {
  return sql`${column} = any(${sql.param([...values])}::${sql.raw(column.getSQLType())}[])`;
}

/** The rows of a raw statement: both drivers resolve execute() to { rows }; the generic Db type only knows "some result". */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

type Insert<T extends PgTable> = T['$inferInsert'];
type Select<T extends PgTable> = T['$inferSelect'];

/**
 * Inserts many rows in one statement whose size does not grow with the rows: one array parameter
 * per named column, which PostgreSQL unnests (`insert … select * from unnest($1::uuid[], …)`).
 * Drizzle's `insert().values(rows)` binds rows × columns parameters and took 0.4–1.7 s of CPU to
 * build one 1,500-row statement (the Auto-Post fan-out's targets; docs/benchmarks.md); this binds
 * one per column. Columns not named take their defaults; array columns cannot be named (unnest
 * would flatten them). `onConflictUpdate` turns a row that meets its unique `target` column into an
 * update of the `set` columns (`excluded.…`). Answers the `returning` columns of the inserted (or so
 * updated) rows, mapped as Drizzle maps them (timestamps as Dates).
 */
export async function insertRows<
  T extends PgTable,
  K extends keyof Insert<T> & string,
  R extends keyof Select<T> & string = never,
>(
  db: Db,
  table: T,
  columns: readonly K[],
  rows: readonly Pick<Insert<T>, K>[],
  options: {
    onConflictDoNothing?: boolean;
    onConflictUpdate?: { target: K; set: readonly K[] };
    returning?: readonly R[];
  } = {},
): Promise<Pick<Select<T>, R>[]> {
  if (rows.length === 0) return [];
  const all = getTableColumns(table) as Record<string, Column>;
  const nameOf = (key: string) => {
    const column = all[key];
    if (!column) throw new Error(`${getTableName(table)} has no column ${key}`);
    return column.name;
  };
  const named = columns.map((key) => {
    const column = all[key];
    if (!column) throw new Error(`${getTableName(table)} has no column ${key}`);
    const type = column.getSQLType();
    if (type.endsWith(']')) throw new Error(`insertRows cannot fill the array column ${column.name}`);
    const values = rows.map((row) => {
      const value = row[key] as unknown;
      return value === null || value === undefined ? null : column.mapToDriverValue(value);
    });
    return { key, column, type, values };
  });
  const returning = (options.returning ?? []).map((key) => {
    const column = all[key];
    if (!column) throw new Error(`${getTableName(table)} has no column ${key}`);
    return { key, column };
  });
  const upsert = options.onConflictUpdate;
  const onConflict = options.onConflictDoNothing
    ? sql` on conflict do nothing`
    : upsert
      ? sql` on conflict (${sql.identifier(nameOf(upsert.target))}) do update set ${sql.join(
          upsert.set.map(
            (key) => sql`${sql.identifier(nameOf(key))} = excluded.${sql.identifier(nameOf(key))}`,
          ),
          sql`, `,
        )}`
      : sql``;
  const statement = sql`insert into ${table} (${sql.join(
    named.map((n) => sql.identifier(n.column.name)),
    sql`, `,
  )}) select * from unnest(${sql.join(
    named.map((n) => sql`${sql.param(n.values)}::${sql.raw(n.type)}[]`),
    sql`, `,
  )})${onConflict}${
    returning.length
      ? sql` returning ${sql.join(
          returning.map((r) => sql.identifier(r.column.name)),
          sql`, `,
        )}`
      : sql``
  }`;
  return (await rowsOf<Record<string, unknown>>(db, statement)).map(
    (row) =>
      Object.fromEntries(
        returning.map(({ key, column }) => {
          const value = row[column.name];
          return [key, value === null || value === undefined ? null : column.mapFromDriverValue(value)];
        }),
      ) as Pick<Select<T>, R>,
  );
}
