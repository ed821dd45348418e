// What a benchmark's PostgreSQL spent its time on, from pg_stat_statements (the cluster must load it:
// shared_preload_libraries, as eachDatabase's postgresSettings can say).
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/dist/db/client.js';

/** Empties pg_stat_statements, so what it holds next is the measured part's. */
export async function resetStatements(openSettings) {
  const database = await openDatabase(openSettings);
  try {
    await database.db.execute(sql`select pg_stat_statements_reset()`);
  } finally {
    await database.close();
  }
}

/** The statements since the reset, read over a connection of its own: from the moment to the last publish. */
export async function topStatements(openSettings) {
  const database = await openDatabase(openSettings);
  try {
    return ['', ...(await statementTable(database.db, 'from the moment to the last publish'))];
  } finally {
    await database.close();
  }
}

/** The statements that took `db`'s time since the reset (`during` says when), as a Markdown table. */
export async function statementTable(db, during) {
  const top = await db.execute(
    sql`select calls, round(total_exec_time)::int as ms, rows, left(regexp_replace(query, '[[:space:]]+', ' ', 'g'), 90) as query
        from pg_stat_statements where query not like '%pg_stat_statements%'
        order by total_exec_time desc limit 12`,
  );
  const all = await db.execute(
    sql`select sum(calls)::int as calls, round(sum(total_exec_time))::int as ms
        from pg_stat_statements where query not like '%pg_stat_statements%'`,
  );
  return [
    `Statements by time (pg_stat_statements, ${during}; all statements: ${all.rows[0]?.calls} calls, ${all.rows[0]?.ms} ms):`,
    '',
    '| calls | total ms | rows | statement |',
    '| --- | --- | --- | --- |',
    ...top.rows.map(
      (r) => `| ${r.calls} | ${r.ms} | ${r.rows} | \`${String(r.query).replaceAll('|', '\\|')}\` |`,
    ),
  ];
}
