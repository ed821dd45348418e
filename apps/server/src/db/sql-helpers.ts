import { getTableName, sql, type Column, type SQL } from 'drizzle-orm';

/** `%keyword%` for ILIKE, with the user's own `%`, `_` and `\` matched literally. */
export function likePattern(keyword: string) {
  return `%${keyword.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * Whether a database error is a unique-constraint violation (SQLSTATE 23505), however the driver
 * wrapped it (drizzle puts the driver's error in `cause`).
 */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; depth += 1) {
    if (typeof e === 'object' && 'code' in e && e.code === '23505') return true;
    e = typeof e === 'object' && 'cause' in e ? e.cause : undefined;
  }
  return false;
}

/**
 * A column as `"table"."column"` whatever query it ends up in. Drizzle leaves column names
 * unqualified in single-table selects, which would silently rebind them inside a correlated
 * subquery (`"id"` meaning the inner table's id), so every hand-written subquery uses this.
 */
export function col(column: Column): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}

/** `(a, b, c)` of bound values, for `in` lists inside hand-written SQL. */
export function valueList(values: readonly string[]): SQL {
  return sql`(${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )})`;
}
