// Report latency. BENCH_DB=pglite (default): in-memory PGlite, BENCH_POSTS posts (100,000) of
// BENCH_MEMBERS members (1,000) over the last BENCH_DAYS days (60). BENCH_DB=postgres: a throwaway
// PostgreSQL cluster (scripts/lib/postgres.mjs) with 1,000,000 posts of 10,000 members over a year
// and a snapshot history (BENCH_SNAPSHOTS per published post, 3). One target per post, 5% failed,
// latest figures for every published one. Each report is run once first (its time shown apart: a
// cluster just started has nothing of it in its buffers yet) and then BENCH_REPEAT times (20), which
// give p50 and p95, through the server's own runReport (SQL, sort, page of 50, presenting; no HTTP)
// for the default 30-day range,
// then the Posts Detail CSV is streamed for a range of at least 100,000 rows. Run `npm run build` first.
// BENCH_PG_DIR=<dir> (PostgreSQL): the cluster is kept in <dir>; a later run with the same <dir>
// starts it again, applies any new migration and skips seeding (BENCH_SEED_ONLY=1: seed and stop).
// The seed ends with `vacuum analyze` (what autovacuum does to a live database's older rows), so
// index-only scans read the visibility map as they would there.
import { reportRoutes as routes, roleIds } from '@fitpost/contract';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/dist/db/client.js';
import { startPostgres } from '../scripts/lib/postgres.mjs';
import { seedReferenceData } from '../apps/server/dist/db/seed.js';
import { csvExport, runReport } from '../apps/server/dist/modules/reports/service.js';
import { suggestTimes } from '../apps/server/dist/modules/queue/suggestions.js';
import { hostSpeedIndex } from '../scripts/lib/host-speed.mjs';

const onPostgres = process.env.BENCH_DB === 'postgres';
const postsTotal = Number(process.env.BENCH_POSTS ?? (onPostgres ? 1_000_000 : 100_000));
const members = Number(process.env.BENCH_MEMBERS ?? (onPostgres ? 10_000 : 1000));
const spanDays = Number(process.env.BENCH_DAYS ?? (onPostgres ? 365 : 60));
const snapshots = Number(process.env.BENCH_SNAPSHOTS ?? (onPostgres ? 3 : 0));
const repeat = Number(process.env.BENCH_REPEAT ?? 20);
// Enough days back for the CSV to hold 100,000 rows (or every post, if fewer).
const csvDays = Math.min(spanDays, Math.ceil((100_000 * spanDays) / postsTotal) + 1);
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

const server = onPostgres ? await startPostgres({ keepDir: process.env.BENCH_PG_DIR }) : null;
const database = await openDatabase(
  server ? { kind: 'postgres', url: server.url, poolSize: 4 } : { kind: 'pglite-memory' },
);
const db = database.db;
const started = Date.now();
if (server?.reused) {
  await database.migrate();
  await db.execute(sql`vacuum analyze`);
  console.log(
    `PostgreSQL: reused the cluster in ${process.env.BENCH_PG_DIR} (migrated in ${Date.now() - started} ms)`,
  );
} else {
  await database.migrate();
  await seedReferenceData(database.db);
  await db.execute(
    sql`insert into portals (id, alias, name) values (1, 'p1', 'Portal 1') on conflict do nothing`,
  );
  await db.execute(sql`insert into users (id, portal_id, email, full_name)
  select ('00000000-0000-4000-8000-' || lpad(to_hex(i), 12, '0'))::uuid, 1, 'm' || i || '@example.com', 'Member ' || i
  from generate_series(1, ${members}) i`);
  await db.execute(sql`insert into user_roles (user_id, role_id, source)
  select id, ${roleIds.member}, 'admin' from users where portal_id = 1`);
  await db.execute(sql`insert into social_connections (id, portal_id, user_id, network, account_id, account_name, access_token)
  select ('10000000-0000-4000-8000-' || lpad(to_hex(i), 12, '0'))::uuid, 1,
    ('00000000-0000-4000-8000-' || lpad(to_hex(i), 12, '0'))::uuid, 'x', 'acct' || i, 'Account ' || i, 'sealed'
  from generate_series(1, ${members}) i`);
  await db.execute(sql`insert into content_items (portal_id, type, title)
  select 1, 'library', 'Item ' || i from generate_series(1, 200) i`);
  await db.execute(sql`insert into posts (id, portal_id, user_id, body, content_id)
  select ('20000000-0000-4000-8000-' || lpad(to_hex(i), 12, '0'))::uuid, 1,
    ('00000000-0000-4000-8000-' || lpad(to_hex(1 + i % ${members}), 12, '0'))::uuid, 'Post ' || i,
    case when i % 3 = 0 then items.ids[1 + i % 200] end
  from generate_series(1, ${postsTotal}) i,
    (select array_agg(id order by id) as ids from content_items) items`);
  await db.execute(sql`insert into post_targets (id, post_id, portal_id, user_id, connection_id, network, account_name, status, due_at, published_at, remote_id, error)
  select ('30000000-0000-4000-8000-' || lpad(to_hex(i), 12, '0'))::uuid,
    ('20000000-0000-4000-8000-' || lpad(to_hex(i), 12, '0'))::uuid, 1,
    ('00000000-0000-4000-8000-' || lpad(to_hex(1 + i % ${members}), 12, '0'))::uuid,
    ('10000000-0000-4000-8000-' || lpad(to_hex(1 + i % ${members}), 12, '0'))::uuid,
    (array['x','linkedin','facebook','instagram'])[1 + i % 4], 'Account',
    case when i % 20 = 0 then 'failed' else 'published' end,
    now() - (i % ${spanDays}) * interval '1 day' - (i % 1440) * interval '1 minute',
    case when i % 20 = 0 then null else now() - (i % ${spanDays}) * interval '1 day' - (i % 1440) * interval '1 minute' end,
    'r' || i, case when i % 20 = 0 then 'Duplicate content.' end
  from generate_series(1, ${postsTotal}) i`);
  await db.execute(sql`insert into post_metrics (target_id, portal_id, user_id, network, published_at, impressions, likes, comments, shares, clicks, next_fetch_at)
  select t.id, 1, t.user_id, t.network, t.published_at, 100 + (random() * 900)::int, (random() * 50)::int, (random() * 10)::int,
    case when t.network = 'linkedin' then null else (random() * 5)::int end, (random() * 20)::int, null
  from post_targets t where t.status = 'published'`);
  if (snapshots > 0) {
    await db.execute(sql`insert into post_metric_snapshots (target_id, portal_id, taken_at, impressions, likes, comments, shares, clicks)
    select t.id, 1, t.published_at + k * interval '1 day', 10 * k, k, 0, null, k
    from post_targets t, generate_series(1, ${snapshots}) k where t.status = 'published'`);
  }
  await db.execute(sql`vacuum analyze`);
  console.log(
    `${onPostgres ? 'PostgreSQL' : 'PGlite'}: seeded ${postsTotal} posts of ${members} members over ${spanDays} days in ${Date.now() - started} ms`,
  );
}
if (process.env.BENCH_SEED_ONLY) {
  await database.close();
  server?.stop();
  process.exit(0);
}

const actor = { sessionId: 's', userId: '00000000-0000-4000-8000-000000000001', portalId: 1, isAdmin: true };
const query = { page: 1, pagesize: 50, format: 'json', tz: 'Europe/London' };
const lines = [];
// Wall time, and (PGlite, which runs in this process) this process's CPU time: on the shared machine
// other work stretches the wall time; the CPU time is what the report itself cost.
/** One row of the table: the first run apart, then `repeat` runs' p50 and p95 (and CPU on PGlite). */
async function timed(label, run) {
  const times = [];
  const cpu = [];
  const first = performance.now();
  await run();
  const firstMs = performance.now() - first;
  for (let i = 0; i < repeat; i += 1) {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    await run();
    const c = process.cpuUsage(c0);
    times.push(performance.now() - t0);
    cpu.push((c.user + c.system) / 1000);
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  const cpuCells = onPostgres ? '' : ` ${pct(cpu, 50).toFixed(0)} ms | ${pct(cpu, 95).toFixed(0)} ms |`;
  lines.push(
    `| ${label} | ${firstMs.toFixed(0)} ms | ${pct(times, 50).toFixed(0)} ms | ${pct(times, 95).toFixed(0)} ms |${cpuCells}`,
  );
}
for (const route of routes) await timed(route, () => runReport({ db, timeZone: 'UTC' }, actor, route, query));
// GET /api/queue/suggestions (issue 29): the portal's last 90 days of figures grouped on the member's
// clocks, beside the reports that read the same index (popularplatforms, topusers).
await timed('queue suggestions', () => suggestTimes({ db, timeZone: 'Europe/London' }, actor));
const t0 = performance.now();
const csvCpu = process.cpuUsage();
const rssBefore = process.memoryUsage().rss;
let rows = -1;
let peak = rssBefore;
const csvFrom = new Date(Date.now() - (csvDays - 1) * 86_400_000).toISOString().slice(0, 10);
const { lines: csv } = await csvExport({ db, timeZone: 'UTC' }, actor, 'postsdetail', {
  ...query,
  format: 'csv',
  from: csvFrom,
  to: new Date().toISOString().slice(0, 10),
});
for await (const chunk of csv) {
  rows += chunk.split('\r\n').length - 1;
  peak = Math.max(peak, process.memoryUsage().rss);
}
const csvMs = performance.now() - t0;
const csvCpuMs = (process.cpuUsage(csvCpu).user + process.cpuUsage(csvCpu).system) / 1000;
console.log(
  `Host speed index ${hostSpeedIndex().index} (scripts/lib/host-speed.mjs, measured after the timings)`,
);
console.log(
  onPostgres
    ? '| report | first run | p50 | p95 |\n|---|---|---|---|'
    : '| report | first run | p50 | p95 | CPU p50 | CPU p95 |\n|---|---|---|---|---|---|',
);
console.log(lines.join('\n'));
console.log(
  `Posts Detail CSV (${csvDays} days): ${rows} rows in ${(csvMs / 1000).toFixed(1)} s (this process's CPU ${(csvCpuMs / 1000).toFixed(1)} s); RSS ${Math.round(rssBefore / 2 ** 20)} → peak ${Math.round(peak / 2 ** 20)} MB`,
);
await database.close();
await server?.stop();
