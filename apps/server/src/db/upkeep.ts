import type { PGlite } from '@electric-sql/pglite';

/**
 * Autovacuum's work for embedded PGlite, which runs none. PostgreSQL re-analyzes a table once about
 * a tenth of it has changed and vacuums it once a fifth is dead rows; without that, PGlite kept the
 * statistics it had when the worker started (an empty job queue, say) and planned every later
 * query for that, and dead rows piled up behind every update. Same thresholds as PostgreSQL's
 * defaults. On PostgreSQL, autovacuum does this and this module is not used.
 */
const upkeepThresholds = {
  /** Rows changed before a table is analyzed: base + scale × live rows (autovacuum_analyze_*). */
  analyzeBase: 50,
  analyzeScale: 0.1,
  /** Dead rows before a table is vacuumed: base + scale × live rows (autovacuum_vacuum_*). */
  vacuumBase: 50,
  vacuumScale: 0.2,
} as const;

interface UpkeepResult {
  analyzed: string[];
  vacuumed: string[];
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Analyzes and vacuums every user table (FitPost's and pg-boss's) that has changed enough since the last time. */
export async function runUpkeep(client: PGlite): Promise<UpkeepResult> {
  // PGlite keeps its activity counters in the session until flushed; the view reads flushed ones.
  await client.query('select pg_stat_force_next_flush()');
  await client.query('select 1');
  const { analyzeBase, analyzeScale, vacuumBase, vacuumScale } = upkeepThresholds;
  const { rows } = await client.query<{
    schema: string;
    table: string;
    analyze: boolean;
    vacuum: boolean;
  }>(
    `select schemaname as schema, relname as "table",
       n_mod_since_analyze > $1::float8 + $2::float8 * n_live_tup as analyze,
       n_dead_tup > $3::float8 + $4::float8 * n_live_tup as vacuum
     from pg_stat_user_tables
     where n_mod_since_analyze > $1::float8 + $2::float8 * n_live_tup or n_dead_tup > $3::float8 + $4::float8 * n_live_tup
     order by schemaname, relname`,
    [analyzeBase, analyzeScale, vacuumBase, vacuumScale],
  );
  const result: UpkeepResult = { analyzed: [], vacuumed: [] };
  for (const row of rows) {
    const name = `${quote(row.schema)}.${quote(row.table)}`;
    // VACUUM cannot run inside a transaction: one statement per call.
    if (row.vacuum) {
      await client.query(`vacuum (analyze) ${name}`);
      result.vacuumed.push(`${row.schema}.${row.table}`);
      result.analyzed.push(`${row.schema}.${row.table}`);
    } else if (row.analyze) {
      await client.query(`analyze ${name}`);
      result.analyzed.push(`${row.schema}.${row.table}`);
    }
  }
  return result;
}

/** Runs `runUpkeep` every `everyMs` (one at a time); returns a function that stops it. */
export function startUpkeep(
  client: PGlite,
  opts: { everyMs: number; logError?: (message: string, err: unknown) => void },
) {
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    runUpkeep(client)
      .catch((err: unknown) => opts.logError?.('database upkeep failed', err))
      .finally(() => (running = false));
  };
  tick();
  const timer = setInterval(tick, opts.everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
