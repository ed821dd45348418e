// Report latency, scaled down: BENCH_POSTS posts (100,000) of BENCH_MEMBERS members (1,000) over the
// last 60 days, one target each with latest figures, on in-memory PGlite. Each of the eleven reports
// is run through the server's own service (runReport: the SQL, sorting, paging, presenting; no HTTP)
// for the default 30-day range, BENCH_REPEAT times (10), and the Posts Detail CSV is streamed whole.
// Run `npm run build` first. The full figure (PostgreSQL, 1,000,000 posts) is not measured yet.
import { roleIds } from '@fitpost/contract';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/dist/db/client.js';
import { seedReferenceData } from '../apps/server/dist/db/seed.js';
import { csvExport, runReport } from '../apps/server/dist/modules/reports/service.js';

const postsTotal = Number(process.env.BENCH_POSTS ?? 100_000);
const members = Number(process.env.BENCH_MEMBERS ?? 1000);
const repeat = Number(process.env.BENCH_REPEAT ?? 10);
const routes = [
  'stats',
  'postsperday',
  'popularcontent',
  'popularfavorites',
  'populartags',
  'popularplatforms',
  'postsdetail',
  'upcoming',
  'usersinactive',
  'feedusage',
  'topusers',
];
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

const database = await openDatabase({ kind: 'pglite-memory' });
await database.migrate();
await seedReferenceData(database.db);
const db = database.db;
const started = Date.now();
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
    case when i % 3 = 0 then (select id from content_items order by id offset (i % 200) limit 1) end
  from generate_series(1, ${postsTotal}) i`);
await db.execute(sql`insert into post_targets (id, post_id, connection_id, network, account_name, status, due_at, published_at, remote_id, error)
  select ('30000000-0000-4000-8000-' || lpad(to_hex(i), 12, '0'))::uuid,
    ('20000000-0000-4000-8000-' || lpad(to_hex(i), 12, '0'))::uuid,
    ('10000000-0000-4000-8000-' || lpad(to_hex(1 + i % ${members}), 12, '0'))::uuid,
    (array['x','linkedin','facebook','instagram'])[1 + i % 4], 'Account',
    case when i % 20 = 0 then 'failed' else 'published' end,
    now() - (i % 60) * interval '1 day' - (i % 1440) * interval '1 minute',
    case when i % 20 = 0 then null else now() - (i % 60) * interval '1 day' - (i % 1440) * interval '1 minute' end,
    'r' || i, case when i % 20 = 0 then 'Duplicate content.' end
  from generate_series(1, ${postsTotal}) i`);
await db.execute(sql`insert into post_metrics (target_id, portal_id, network, impressions, likes, comments, shares, clicks, next_fetch_at)
  select t.id, 1, t.network, 100 + (random() * 900)::int, (random() * 50)::int, (random() * 10)::int,
    case when t.network = 'linkedin' then null else (random() * 5)::int end, (random() * 20)::int, null
  from post_targets t where t.status = 'published'`);
await db.execute(sql`analyze`);
console.log(`seeded ${postsTotal} posts of ${members} members in ${Date.now() - started} ms`);

const actor = { sessionId: 's', userId: '00000000-0000-4000-8000-000000000001', portalId: 1, isAdmin: true };
const query = { page: 1, pagesize: 50, format: 'json', tz: 'Europe/London' };
const lines = [];
for (const route of routes) {
  const times = [];
  for (let i = 0; i < repeat; i += 1) {
    const t0 = performance.now();
    await runReport({ db }, actor, route, query);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  lines.push(`| ${route} | ${pct(times, 50).toFixed(0)} ms | ${pct(times, 95).toFixed(0)} ms |`);
}
const t0 = performance.now();
const rssBefore = process.memoryUsage().rss;
let rows = -1;
let peak = rssBefore;
const { lines: csv } = await csvExport({ db }, actor, 'postsdetail', { ...query, format: 'csv' });
for await (const chunk of csv) {
  rows += chunk.split('\r\n').length - 1;
  peak = Math.max(peak, process.memoryUsage().rss);
}
const csvMs = performance.now() - t0;
console.log('| report | p50 | p95 |\n|---|---|---|');
console.log(lines.join('\n'));
console.log(
  `Posts Detail CSV: ${rows} rows in ${(csvMs / 1000).toFixed(1)} s; RSS ${Math.round(rssBefore / 2 ** 20)} → peak ${Math.round(peak / 2 ** 20)} MB`,
);
await database.close();
