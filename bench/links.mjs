// Issue 30: GET /l/<code> (FitPost's short-link redirect: a code lookup, a 302, the click noted for
// the recorder's next batch) beside a trivial route on the same server in the same run
// (GET /api/public-config, no database), with autocannon, on PGlite and on PostgreSQL. The server
// runs as its own process; autocannon runs here. After each run the clicks the database holds are
// compared with the redirects answered: batching must lose none.
import { rmSync } from 'node:fs';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/dist/db/client.js';
import { seedReferenceData } from '../apps/server/dist/db/seed.js';
import { portals, users } from '../apps/server/dist/db/schema.js';
import { shortLinks } from '../apps/server/dist/db/schema-links.js';
import { newLinkCode } from '../apps/server/dist/modules/links/codes.js';
import { hostSpeedIndex } from '../scripts/lib/host-speed.mjs';
import { benchDatabases, eachDatabase, startNode, stop, table, waitHealthy } from './lib.mjs';

const port = Number(process.env.BENCH_PORT ?? 3236);
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 32;
const dataDir = '.tmp/bench-links';
const browser =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

/** A member and one short link, written as the publishing engine writes them; answers the code. */
async function seed(settings) {
  const database = await openDatabase(settings);
  try {
    await database.migrate();
    await seedReferenceData(database.db);
    const db = database.db;
    await db.insert(portals).values({ id: 1, alias: 'fitpro', name: 'FitPro Academy' }).onConflictDoNothing();
    const [user] = await db
      .insert(users)
      .values({ portalId: 1, email: `links.${Date.now()}@example.com`, fullName: 'Bench Links' })
      .returning({ id: users.id });
    const code = newLinkCode();
    const id = crypto.randomUUID();
    await db.insert(shortLinks).values({
      code,
      portalId: 1,
      userId: user.id,
      postId: id,
      targetId: id,
      network: 'x',
      accountName: '@bench',
      text: 'Book a session',
      destination: 'https://book.example.com/casey?utm_source=x&utm_medium=social',
    });
    return code;
  } finally {
    await database.close();
  }
}

async function clicksOf(settings, code) {
  const database = await openDatabase(settings);
  try {
    const result = await database.db.execute(
      sql`select coalesce(sum(clicks), 0)::int as clicks from short_link_clicks where code = ${code}`,
    );
    return result.rows[0].clicks;
  } finally {
    await database.close();
  }
}

async function load(url, status) {
  const r = await autocannon({
    url,
    headers: { 'user-agent': browser },
    connections,
    duration,
    pipelining: 1,
  });
  const answered = r[status] ?? 0;
  return {
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    answered,
    other: r.requests.total - answered + r.errors,
  };
}

async function run(label, env, settings) {
  const code = await seed(settings);
  const server = startNode('apps/server/dist/main.js', {
    PORT: String(port),
    FITPOST_SERVICES: 'api',
    FITPOST_PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    ...env,
  });
  let trivial;
  let redirect;
  try {
    await waitHealthy(`http://127.0.0.1:${port}/api/health`);
    const base = `http://127.0.0.1:${port}`;
    trivial = await load(`${base}/api/public-config`, '2xx');
    redirect = await load(`${base}/l/${code}`, '3xx');
  } finally {
    // SIGTERM: the server drains and the recorder writes its last batch before it exits.
    await stop(server);
  }
  const recorded = await clicksOf(settings, code);
  return [
    `| ${label} | GET /api/public-config (no database) | ${trivial.rps} | ${trivial.p50} ms | ${trivial.p99} ms | ${trivial.other} | |`,
    `| ${label} | GET /l/<code> (302) | ${redirect.rps} | ${redirect.p50} ms | ${redirect.p99} ms | ${redirect.other} | ${recorded} of ${redirect.answered} |`,
  ];
}

export async function benchLinks() {
  rmSync(dataDir, { recursive: true, force: true });
  const speed = hostSpeedIndex();
  const rows = (
    await eachDatabase(benchDatabases(), dataDir, (label, env, settings) => run(label, env, settings), {
      tokenKey: true,
    })
  ).flat();
  const speedAfter = hostSpeedIndex();
  rmSync(dataDir, { recursive: true, force: true });
  return [
    `autocannon: ${connections} connections, ${duration} s per route, server and load generator on the same 2 cores; host speed index ${speed.index} before, ${speedAfter.index} after (scripts/lib/host-speed.mjs).`,
    '',
    ...table(['database', 'route', 'requests/s', 'p50', 'p99', 'other answers', 'clicks recorded'], rows),
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await benchLinks());
