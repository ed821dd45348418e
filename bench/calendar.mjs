// The calendar's month query for one member among many: PostgreSQL holding about 1,000,000 posts
// (1,999 members × 500 posts, plus the measured member with 2,000, each post with one or two
// targets), written with generate_series in a few statements. The built API server answers
// GET /api/posts/calendar for six-week month views (what FullCalendar's month grid asks for),
// cycling through the member's year, and GET /api/posts for the Upcoming tab; autocannon measures
// one connection (a member's own latency) and 16 (the server under load).
// BENCH_POSTS_PER_MEMBER (500), BENCH_MEMBERS (2000), BENCH_SECONDS (10 per run), BENCH_PORT (3240).
// The same server's trivial route (GET /api/public-config: no session, no database), under the same
// load, is the run's reference.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { roleIds } from '@fitpost/contract';
import { openDatabase } from '../apps/server/dist/db/client.js';
import { seedReferenceData } from '../apps/server/dist/db/seed.js';
import { createSession } from '../apps/server/dist/modules/auth/sessions.js';
import { startPostgres } from '../scripts/lib/postgres.mjs';
import { startNode, stop, waitHealthy } from './lib.mjs';

const perMember = Number(process.env.BENCH_POSTS_PER_MEMBER ?? 500);
const members = Number(process.env.BENCH_MEMBERS ?? 2000);
const measuredPosts = 2000;
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const port = Number(process.env.BENCH_PORT ?? 3240);
const base = `http://127.0.0.1:${port}`;
const day = 86_400_000;

/**
 * Every member's posts spread evenly over the year around now (half past, half to come), a little
 * jitter so no two share a minute; past ones published, future ones scheduled, some canceled or
 * failed; every third post also goes to a second network.
 */
export async function seed(db) {
  const t0 = performance.now();
  await db.execute(sql`insert into portals (id, alias, name) values (1, 'bench', 'Calendar benchmark')`);
  await db.execute(sql`
    insert into users (portal_id, subject, email, full_name)
    select 1, 'bench-' || g, 'member' || g || '@bench.example', 'Member ' || g
    from generate_series(1, ${members}::int) g`);
  const [measured] = (await db.execute(sql`select id from users where email = 'member1@bench.example'`)).rows;
  await db.execute(sql`
    insert into user_roles (user_id, role_id, source)
    select id, ${roleIds.member}, 'admin' from users where portal_id = 1`);
  // One statement per post count: the measured member's 2,000, then everyone else's.
  const insertPosts = (where, count) => sql`
    insert into posts (portal_id, user_id, body, media_id, scheduled_at, time_zone, created_at, updated_at)
    select 1, u.id,
      'Post ' || g || ' of ' || u.full_name || ': squats, lunges and a walk. #fitness #coach',
      null,
      now() - interval '182 days' + (g * interval '365 days' / ${count}::float8) + (random() * interval '50 minutes'),
      'America/New_York', now(), now()
    from users u cross join generate_series(1, ${count}::int) g
    where ${where}`;
  await db.execute(insertPosts(sql`u.id = ${measured.id}`, measuredPosts));
  await db.execute(insertPosts(sql`u.portal_id = 1 and u.id <> ${measured.id}`, perMember));
  const tPosts = performance.now();
  await db.execute(sql`
    insert into post_targets (post_id, portal_id, user_id, network, account_name, status, due_at, remote_url, published_at)
    select p.id, p.portal_id, p.user_id, 'x', 'Bench account',
      case when p.scheduled_at < now() then (case when h % 20 = 0 then 'failed' else 'published' end)
           when h % 25 = 0 then 'cancelled' else 'scheduled' end,
      p.scheduled_at,
      case when p.scheduled_at < now() and h % 20 <> 0 then 'https://x.example/status/' || h end,
      case when p.scheduled_at < now() and h % 20 <> 0 then p.scheduled_at end
    from (select id, portal_id, user_id, scheduled_at, abs(hashtext(id::text)) as h from posts) p`);
  await db.execute(sql`
    insert into post_targets (post_id, portal_id, user_id, network, account_name, status, due_at)
    select p.id, p.portal_id, p.user_id, 'linkedin', 'Bench page',
      case when p.scheduled_at < now() then 'published' else 'scheduled' end, p.scheduled_at
    from (select id, portal_id, user_id, scheduled_at, abs(hashtext(id::text)) as h from posts) p
    where h % 3 = 0`);
  await db.execute(sql`analyze`);
  const counts = (
    await db.execute(
      sql`select (select count(*) from posts)::int as posts, (select count(*) from post_targets)::int as targets,
        (select count(*) from posts where user_id = ${measured.id})::int as mine`,
    )
  ).rows[0];
  return {
    measuredId: measured.id,
    counts,
    seconds: { posts: (tPosts - t0) / 1000, total: (performance.now() - t0) / 1000 },
  };
}

/** The six-week windows a month grid shows, for the 12 months around now, in New York. */
export function monthWindows() {
  const now = new Date();
  return Array.from({ length: 12 }, (_, i) => {
    const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 6 + i, 1, 5));
    const from = new Date(first.getTime() - first.getUTCDay() * day);
    const to = new Date(from.getTime() + 42 * day);
    return `from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(to.toISOString())}`;
  });
}

async function cannon(paths, token, connections) {
  let n = 0;
  const r = await autocannon({
    url: base,
    connections,
    duration,
    headers: { authorization: `Bearer ${token}` },
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => ({ ...req, path: paths[n++ % paths.length] }),
      },
    ],
  });
  return {
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.non2xx,
  };
}

/** What PostgreSQL does for one month of the measured member: the calendar's two statements. */
async function plan(db, measuredId) {
  const now = new Date();
  const from = new Date(now.getTime() - 21 * day).toISOString();
  const to = new Date(now.getTime() + 21 * day).toISOString();
  const explain = async (statement) => {
    const lines = (await db.execute(statement)).rows.map((r) => Object.values(r)[0]).join('\n');
    const index = lines.match(/Index (?:Only )?Scan (?:using|on) (\w+)/)?.[1] ?? 'no index';
    const time = lines.match(/Execution Time: ([\d.]+) ms/)?.[1];
    return `${index}, ${time} ms`;
  };
  const month = await explain(sql`explain (analyze, costs off)
    select id, left(body, 560), media_id is not null, scheduled_at from posts
    where user_id = ${measuredId} and scheduled_at >= ${from} and scheduled_at < ${to}
    order by scheduled_at, id limit 2001`);
  const ids = (
    await db.execute(sql`select id from posts where user_id = ${measuredId}
      and scheduled_at >= ${from} and scheduled_at < ${to}`)
  ).rows.map((r) => r.id);
  const targets = await explain(sql`explain (analyze, costs off)
    select id, post_id, network, account_name, status, remote_url from post_targets
    where post_id = any(${sql.param(ids)}::uuid[]) order by network, id`);
  return `posts ${month}; targets ${targets}`;
}

export async function benchCalendar() {
  const pg = await startPostgres();
  let server;
  let database;
  try {
    database = await openDatabase({ kind: 'postgres', url: pg.url, poolSize: 4 });
    await database.migrate();
    await seedReferenceData(database.db);
    const seeded = await seed(database.db);
    const token = await createSession(database.db, seeded.measuredId, { maxMs: day });

    server = startNode('apps/server/dist/main.js', {
      PORT: String(port),
      FITPOST_SERVICES: 'api',
      DATABASE_URL: pg.url,
      FITPOST_TOKEN_KEYS: `bench:${randomBytes(32).toString('base64')}`,
      FITPOST_DEMO_SEED: 'false',
      LOG_LEVEL: 'warn',
    });
    await waitHealthy(`${base}/api/health`);
    const months = monthWindows().map((q) => `/api/posts/calendar?${q}`);
    const sample = await fetch(`${base}${months[6]}`, { headers: { authorization: `Bearer ${token}` } });
    const sampled = await sample.json();
    if (!sample.ok) throw new Error(`calendar query failed: ${sample.status} ${JSON.stringify(sampled)}`);
    const shown = sampled.items.length;
    const upcoming = ['/api/posts?status=scheduled,publishing&order=asc&pagesize=20'];
    await cannon(months, token, 4); // warm-up: JIT, pool, PostgreSQL's caches
    const rows = [];
    for (const [label, paths] of [
      ['`GET /api/posts/calendar` (6-week month view)', months],
      ['`GET /api/posts` (Upcoming tab, first page)', upcoming],
      ['reference: trivial route `GET /api/public-config` (no database)', ['/api/public-config']],
    ]) {
      for (const connections of [1, 16]) {
        const r = await cannon(paths, token, connections);
        rows.push(`| ${label} | ${connections} | ${r.rps} | ${r.p50} ms | ${r.p99} ms | ${r.errors} |`);
      }
    }
    // After the runs, so PostgreSQL's caches are as warm as the API found them.
    const explained = await plan(database.db, seeded.measuredId);
    const load = os.loadavg().map((l) => l.toFixed(1));
    const c = seeded.counts;
    return [
      `PostgreSQL 15 with ${c.posts.toLocaleString('en-US')} posts and ${c.targets.toLocaleString('en-US')} targets ` +
        `(${members.toLocaleString('en-US')} members); the measured member has ${c.mine.toLocaleString('en-US')} posts ` +
        `over a year, about ${shown} in a six-week month view. Seeding took ${seeded.seconds.total.toFixed(0)} s ` +
        `(posts ${seeded.seconds.posts.toFixed(0)} s). Month view in PostgreSQL (index, execution time): ${explained}.`,
      `autocannon, ${duration} s per run, the 12 months around now in turn; server (\`--services=api\`, pool 10) ` +
        `and load generator on the same 2 cores (load average ${load[0]}, ${load[1]}, ${load[2]} at the end: ` +
        'other work shared the machine).',
      '',
      '| route | connections | requests/s | p50 | p99 | errors |',
      '| --- | --- | --- | --- | --- | --- |',
      ...rows,
    ].join('\n');
  } finally {
    if (server) await stop(server);
    await database?.close();
    pg.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await benchCalendar());
