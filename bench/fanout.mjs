// One Auto-Post to 10,000 members × 3 networks (X, LinkedIn, Facebook Pages: 30,000 targets),
// published to the sandbox by built worker processes: time from the Auto-Post's moment to the last
// publish, lateness p50/p99, publishes per second and the workers' peak memory, on PGlite and
// PostgreSQL, beside the sandbox's own capacity measured in the same run. The Auto-Post is
// scheduled through the server's own service (the same transaction and job the API writes); X
// sends are not spread. Its caption carries merge fields and its link UTM tags (issue 15): every
// other member has filled 'My details for Auto-Posts', the rest get the fallbacks, and the run
// checks that no published text kept a `{` from a field and that the tagged links differ per member.
// The workers' CPU time from the moment to the last publish is read from /proc and given per
// published post; each worker's peak memory both as sampled and as the kernel recorded it (VmHWM:
// a start-up spike shorter than the sampling interval counts). The PGlite worker runs with
// `npm start`'s settings (scripts/lib/demo-server.mjs).
// BENCH_MEMBERS, BENCH_CONCURRENCY, BENCH_WORKERS (PostgreSQL only), BENCH_DATABASES
// (pglite,postgres) and BENCH_SANDBOX_PORT (4241) tune it. BENCH_STATEMENTS=1 also
// lists, on PostgreSQL, the statements that took the database's time from the moment to the last
// publish (pg_stat_statements). BENCH_FANOUT_ONLY=1 measures the fan-out's own writes instead: it
// runs in this process with no worker publishing beside it, batch by batch, and on PostgreSQL lists
// the statements that took its time.
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { openDatabase } from '../apps/server/dist/db/client.js';
import { seedReferenceData } from '../apps/server/dist/db/seed.js';
import { socialConnections, userProperties, users } from '../apps/server/dist/db/schema.js';
import { createJobs } from '../apps/server/dist/jobs/boss.js';
import { enqueueIn, enqueueManyIn } from '../apps/server/dist/jobs/queues.js';
import { runFanout } from '../apps/server/dist/modules/autoposts/fanout.js';
import { createTokenCipher, parseTokenKeys } from '../apps/server/dist/lib/crypto.js';
import { createAutoPost } from '../apps/server/dist/modules/autoposts/scheduling.js';
import { autoPosts } from '../apps/server/dist/db/schema-autopost.js';
import { eq, sql } from 'drizzle-orm';
import { tokenAad } from '../apps/server/dist/modules/social/connections.js';
import { autoPostUpsert, memberDetailProperties } from '../packages/contract/dist/index.js';
import {
  benchDatabases,
  eachDatabase,
  json,
  pct,
  cpuMs,
  peakRssMiB,
  rssMiB,
  sandboxCapacity,
  seedMembers as seedPortalMembers,
  startNode,
  stop,
  table,
  waitForPublished,
  withSandbox,
} from './lib.mjs';
import { resetStatements, statementTable, topStatements } from './statements.mjs';
import { demoServerProcess } from '../scripts/lib/demo-server.mjs';

const sandboxPort = Number(process.env.BENCH_SANDBOX_PORT ?? 4241);
const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
const membersTotal = Number(process.env.BENCH_MEMBERS ?? 10_000);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 100);
const workerProcesses = Number(process.env.BENCH_WORKERS ?? 1);
const databases = benchDatabases();
const networks = ['x', 'linkedin', 'facebook'];
const fanoutOnly = process.env.BENCH_FANOUT_ONLY === '1';
const statements = fanoutOnly || process.env.BENCH_STATEMENTS === '1';
const fanoutBatchSize = Number(process.env.FITPOST_FANOUT_BATCH_SIZE ?? 500);

/** Sandbox accounts on every network, then members with FitPost access, connected and opted in. */
async function seedMembers(database, key, prefix) {
  const cipher = createTokenCipher(parseTokenKeys(key));
  const db = database.db;
  const accounts = {};
  for (const network of networks)
    accounts[network] = (
      await json(`${sandboxUrl}/_sandbox/accounts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ network, count: membersTotal, prefix }),
      })
    ).accounts;
  const since = new Date(Date.now() - 60_000);
  await seedPortalMembers(db, {
    total: membersTotal,
    prefix,
    batch: 500,
    since,
    each: async (made, start) => {
      // Every other member has filled their details; the others' posts use the caption's fallbacks.
      const details = made
        .filter((_, i) => (start + i) % 2 === 0)
        .flatMap((u, i) => [
          { userId: u.id, name: memberDetailProperties.businessName, value: `Studio ${start + i * 2}` },
          { userId: u.id, name: memberDetailProperties.city, value: 'Leeds' },
          {
            userId: u.id,
            name: memberDetailProperties.bookingLink,
            value: `https://book.example.com/${start + i * 2}`,
          },
          { userId: u.id, name: memberDetailProperties.signOff, value: 'See you on the mat!' },
        ]);
      if (details.length > 0) await db.insert(userProperties).values(details);
      const rows = made.flatMap((u, i) => {
        const n = start + i;
        const row = (network, accountId, accountName, token, secret) => {
          const id = randomUUID();
          return {
            id,
            portalId: 1,
            userId: u.id,
            network,
            accountId,
            accountName,
            accessToken: cipher.encrypt(token, tokenAad({ portalId: 1, id }, 'access')),
            ...(secret
              ? { tokenSecret: cipher.encrypt(secret, tokenAad({ portalId: 1, id }, 'secret')) }
              : {}),
            autoPost: true,
            autoPostSince: since,
          };
        };
        const x = accounts.x[n];
        const li = accounts.linkedin[n];
        const fb = accounts.facebook[n];
        return [
          row('x', x.id, x.name, x.oauthToken, x.oauthTokenSecret),
          row('linkedin', li.id, li.name, li.accessToken),
          row('facebook', fb.id, fb.name, fb.pageAccessToken),
        ];
      });
      await db.insert(socialConnections).values(rows);
    },
  });
  const [admin] = await db
    .insert(users)
    .values({ portalId: 1, email: `${prefix}.admin@example.com`, fullName: 'Bench Admin' })
    .returning({ id: users.id });
  return admin.id;
}

async function run(label, databaseEnv, openSettings) {
  await json(`${sandboxUrl}/_sandbox/published`, { method: 'DELETE' });
  const key = `bench:${randomBytes(32).toString('base64')}`;
  const prefix = `f${Date.now().toString(36)}`;
  const database = await openDatabase(openSettings);
  await database.migrate();
  await seedReferenceData(database.db);
  const adminId = await seedMembers(database, key, prefix);
  const jobs = createJobs(database, { worker: false });
  await jobs.start();
  const marker = `Auto-Post benchmark ${prefix}`;
  const body = `${marker}: {first_name}, move with {business_name|my studio}. Book: {booking_link|https://example.com/classes}`;
  const dueAt = new Date(Date.now() + (fanoutOnly ? 1000 : 20_000));
  const ap = await createAutoPost(
    {
      db: database.db,
      enqueueIn: (tx) => enqueueIn(jobs.boss, tx),
      publicUrl: 'http://127.0.0.1',
      createMemberPost: null,
    },
    { sessionId: '', userId: adminId, portalId: 1, isAdmin: true },
    autoPostUpsert.parse({
      body,
      networks,
      link: 'https://example.com/move-well',
      utm: true,
      scheduledAt: dueAt.toISOString(),
    }),
  );
  if (fanoutOnly) {
    try {
      return await fanoutAlone(label, database, jobs, ap, dueAt);
    } finally {
      await jobs.stop();
      await database.close();
    }
  }
  await jobs.stop();
  const counted = statements && database.kind === 'postgres';
  if (counted) await database.db.execute(sql`create extension if not exists pg_stat_statements`);
  await database.close();

  // PGlite is one process per data directory, so only PostgreSQL can run several workers.
  const processes = databaseEnv.DATABASE_URL ? workerProcesses : 1;
  // The embedded worker runs as `npm start` runs it (scripts/lib/demo-server.mjs: PGlite's cache,
  // V8's heap, malloc's arenas), the way a PGlite FitPost runs.
  const embedded = databaseEnv.DATABASE_URL ? { env: {}, execArgv: [] } : demoServerProcess();
  const workers = Array.from({ length: processes }, () =>
    startNode(
      'apps/server/dist/main.js',
      {
        ...embedded.env,
        ...databaseEnv,
        FITPOST_SERVICES: 'worker',
        FITPOST_TOKEN_KEYS: key,
        FITPOST_DEMO_SEED: 'false',
        FITPOST_WORKER_CONCURRENCY: String(concurrency),
        FITPOST_X_API_URL: `${sandboxUrl}/x`,
        FITPOST_LINKEDIN_API_URL: `${sandboxUrl}/linkedin/api`,
        FITPOST_FACEBOOK_GRAPH_URL: `${sandboxUrl}/facebook/graph/v23.0`,
        LOG_LEVEL: 'warn',
      },
      embedded.execArgv,
    ),
  );
  let peak = 0;
  const sampler = setInterval(() => {
    const total = workers.reduce((sum, w) => sum + (rssMiB(w.pid) || 0), 0);
    peak = Math.max(peak, total);
  }, 250);
  const target = membersTotal * networks.length;
  try {
    // The workers' CPU time from just before the moment (start-up and migrations left out).
    await sleep(Math.max(0, dueAt.getTime() - 250 - Date.now()));
    if (counted) await resetStatements(openSettings);
    const cpuAtMoment = workers.map((w) => cpuMs(w.pid));
    // The sandbox was emptied before this run, so everything it holds is this run's.
    const all = await waitForPublished(sandboxUrl, { total: target, deadline: dueAt.getTime() + 300_000 });
    const cpu = workers.reduce((sum, w, i) => sum + cpuMs(w.pid) - (cpuAtMoment[i] ?? 0), 0);
    // Each worker's own peak since it started (start-up included), which the sampler can miss.
    const highWater = workers.map((w) => peakRssMiB(w.pid) || 0);
    const done = all.filter((p) => p.text.startsWith(marker));
    const lateness = done
      .map((p) => new Date(p.publishedAt).getTime() - dueAt.getTime())
      .sort((a, b) => a - b);
    const last = lateness.at(-1) ?? NaN;
    const first = lateness[0] ?? NaN;
    const raw = done.filter((p) => /\{[a-z_]+(\|[^}]*)?\}/.test(p.text)).length;
    if (raw > 0) throw new Error(`${raw} published texts kept a merge field`);
    const filled = done.filter((p) => p.text.includes('Studio ')).length;
    const tags = new Set(done.flatMap((p) => p.text.match(/utm_content=[0-9a-f]+/g) ?? []));
    // Since short links (issue 30) the texts carry /l/<code> and the UTM tags stay on the destination.
    const codes = new Set(done.flatMap((p) => p.text.match(/\/l\/[A-Za-z0-9]+/g) ?? []));
    console.error(
      `${label}: ${filled} of ${done.length} texts carry a member's own business name; ${tags.size} distinct utm_content tags and ${codes.size} distinct short links in the texts`,
    );
    const perNetwork = networks.map((n) => `${n} ${done.filter((p) => p.network === n).length}`).join(', ');
    clearInterval(sampler);
    const top = counted ? await topStatements(openSettings) : [];
    await Promise.all(workers.map((w) => stop(w)));
    const fanout = await fanoutSeconds(openSettings, ap.id, dueAt);
    const row = `| ${label}${processes > 1 ? ` (${processes} workers)` : ''} | ${fanout} s | ${done.length.toLocaleString('en-US')} / ${target.toLocaleString('en-US')} (${perNetwork}) | ${(last / 1000).toFixed(1)} s | ${(pct(lateness, 50) / 1000).toFixed(1)} s | ${(pct(lateness, 99) / 1000).toFixed(1)} s | ${Math.round(done.length / ((last - first) / 1000 || 1))} | ${(cpu / (done.length || 1)).toFixed(2)} ms (${(cpu / 1000).toFixed(1)} s) | ${peak} MiB | ${highWater.join(' + ')} MiB |`;
    return top.length ? [row, ...top] : row;
  } finally {
    clearInterval(sampler);
    await Promise.all(workers.map((w) => stop(w)));
  }
}

/**
 * The fan-out alone, in this process: its time per batch of members and, on PostgreSQL, the
 * statements that took it. Publish jobs are written but nothing publishes them.
 */
async function fanoutAlone(label, database, jobs, ap, dueAt) {
  const deps = {
    db: database.db,
    enqueueManyIn: (tx) => enqueueManyIn(jobs.boss, tx),
    enqueueIn: (tx) => enqueueIn(jobs.boss, tx),
    batchSize: fanoutBatchSize,
    staleAfterMs: 60_000,
    emails: null,
  };
  const postgres = database.kind === 'postgres';
  if (postgres) {
    await database.db.execute(sql`create extension if not exists pg_stat_statements`);
    await database.db.execute(sql`select pg_stat_statements_reset()`);
  }
  await sleep(Math.max(0, dueAt.getTime() - Date.now()));
  const started = performance.now();
  const result = await runFanout(deps, { autoPostId: ap.id, version: ap.version });
  const seconds = (performance.now() - started) / 1000;
  const batches = Math.ceil(result.members / fanoutBatchSize);
  const lines = [
    `| ${label} | ${result.members.toLocaleString('en-US')} | ${batches} × ${fanoutBatchSize} | ${seconds.toFixed(1)} s | ${Math.round((seconds * 1000) / batches)} ms |`,
  ];
  if (postgres) lines.push('', ...(await statementTable(database.db, 'the whole fan-out')));
  return lines.join('\n');
}

/** How long the fan-out itself took (from the Auto-Post's moment), read back after the run. */
async function fanoutSeconds(openSettings, autoPostId, dueAt) {
  const database = await openDatabase(openSettings);
  try {
    const [row] = await database.db.select().from(autoPosts).where(eq(autoPosts.id, autoPostId));
    // When some never landed, say where they stopped.
    const states = await database.db.execute(
      sql`select t.status, count(*)::int as n from post_targets t join posts p on p.id = t.post_id where p.auto_post_id = ${autoPostId} group by 1 order by 2 desc`,
    );
    if (states.rows.some((r) => r.status !== 'published'))
      console.error('targets by status:', JSON.stringify(states.rows));
    return row?.fanoutFinishedAt
      ? ((row.fanoutFinishedAt.getTime() - dueAt.getTime()) / 1000).toFixed(1)
      : 'n/a';
  } finally {
    await database.close();
  }
}

export async function benchFanout() {
  const dataDir = path.resolve('.tmp/bench-fanout');
  let capacity = '';
  const rows = await withSandbox({ port: sandboxPort, dataDir }, async () => {
    const postgresSettings = statements ? { shared_preload_libraries: "'pg_stat_statements'" } : undefined;
    if (fanoutOnly) return eachDatabase(databases, dataDir, run, { postgresSettings });
    capacity = await sandboxCapacity(sandboxUrl, concurrency);
    return eachDatabase(databases, dataDir, run, { postgresSettings });
  });
  if (fanoutOnly)
    return [
      `The fan-out alone (no publishing beside it): one Auto-Post to ${membersTotal.toLocaleString('en-US')} members × ${networks.length} networks.`,
      '',
      ...table(['database', 'members', 'batches', 'fan-out', 'per batch'], rows),
    ].join('\n');
  return [
    `One Auto-Post to ${membersTotal.toLocaleString('en-US')} members × ${networks.length} networks; ${workerProcesses} worker process(es) on PostgreSQL, one on PGlite, concurrency ${concurrency} each; X not spread.`,
    '',
    ...table(
      [
        'database',
        'fan-out done after',
        'published',
        'last one after the moment',
        'lateness p50',
        'lateness p99',
        'publishes/s',
        'worker CPU per post (in all)',
        'peak worker RSS (sampled every 250 ms, summed)',
        "each worker's peak (the kernel's VmHWM)",
      ],
      rows.map((r) => (Array.isArray(r) ? r[0] : r)),
    ),
    ...rows.flatMap((r) => (Array.isArray(r) ? r.slice(1) : [])),
    '',
    capacity,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await benchFanout());
