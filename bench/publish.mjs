// 10,000 targets due at the same instant, published to the sandbox by worker processes (one by default):
// time to the last one, lateness p50/p99 and publishes per second, on PGlite and PostgreSQL,
// beside the sandbox endpoint's own capacity (autocannon, same run). Uses the built server's own
// modules to write the posts, targets and jobs exactly as the API does (one transaction outbox).
// BENCH_TARGETS, BENCH_CONCURRENCY, BENCH_WORKERS (worker processes, PostgreSQL only), BENCH_DATABASES
// (pglite,postgres) and BENCH_NODE_ARGS (the workers' Node flags, e.g. --cpu-prof, bench/lib.mjs) tune it.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/dist/db/client.js';
import { seedReferenceData } from '../apps/server/dist/db/seed.js';
import { portals, socialConnections, users } from '../apps/server/dist/db/schema.js';
import { posts, postTargets } from '../apps/server/dist/db/schema-posts.js';
import { createJobs } from '../apps/server/dist/jobs/boss.js';
import { queues } from '../apps/server/dist/jobs/queues.js';
import { createTokenCipher, parseTokenKeys } from '../apps/server/dist/lib/crypto.js';
import { tokenAad } from '../apps/server/dist/modules/social/connections.js';
import {
  benchDatabases,
  eachDatabase,
  json,
  pct,
  sandboxCapacity,
  startNode,
  stop,
  table,
  waitForPublished,
  withSandbox,
} from './lib.mjs';

const sandboxPort = 4240;
const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
const targetsTotal = Number(process.env.BENCH_TARGETS ?? 10_000);
const accountsTotal = Math.min(1000, targetsTotal);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 100);
const workerProcesses = Number(process.env.BENCH_WORKERS ?? 1);
const databases = benchDatabases();

/** Writes users, connections, posts, targets and their jobs; returns the instant they are due. */
async function seed(database, accounts, key) {
  const cipher = createTokenCipher(parseTokenKeys(key));
  await database.migrate();
  await seedReferenceData(database.db);
  const db = database.db;
  await db.insert(portals).values({ id: 1, alias: 'fitpro', name: 'FitPro Academy' }).onConflictDoNothing();
  const jobs = createJobs(database, { worker: false });
  await jobs.start();
  const connections = [];
  // Runs can share a database (bench/scale.mjs runs two), so each run's members are its own.
  const tag = Date.now().toString(36);
  for (let i = 0; i < accounts.length; i += 500) {
    const chunk = accounts.slice(i, i + 500);
    const made = await db
      .insert(users)
      .values(
        chunk.map((a, j) => ({
          portalId: 1,
          email: `bench${i + j}.${tag}@example.com`,
          fullName: `Bench ${i + j}`,
        })),
      )
      .returning({ id: users.id });
    const rows = chunk.map((a, j) => {
      const id = crypto.randomUUID();
      return {
        id,
        portalId: 1,
        userId: made[j].id,
        network: 'linkedin',
        accountId: a.id,
        accountName: `Bench ${i + j}`,
        accessToken: cipher.encrypt(a.accessToken, tokenAad({ portalId: 1, id }, 'access')),
      };
    });
    await db.insert(socialConnections).values(rows);
    connections.push(...rows);
  }
  const dueAt = new Date(Date.now() + 15_000);
  for (let i = 0; i < targetsTotal; i += 1000) {
    await db.transaction(async (tx) => {
      const batch = Array.from(
        { length: Math.min(1000, targetsTotal - i) },
        (_, j) => connections[(i + j) % connections.length],
      );
      const made = await tx
        .insert(posts)
        .values(
          batch.map((c, j) => ({
            portalId: 1,
            userId: c.userId,
            body: `Benchmark post ${i + j}: move well, every day.`,
            scheduledAt: dueAt,
          })),
        )
        .returning({ id: posts.id });
      const targets = await tx
        .insert(postTargets)
        .values(
          batch.map((c, j) => ({
            postId: made[j].id,
            portalId: 1,
            userId: c.userId,
            connectionId: c.id,
            network: 'linkedin',
            accountName: c.accountName,
            dueAt,
          })),
        )
        .returning({ id: postTargets.id, version: postTargets.version });
      await jobs.boss.insert(
        queues.publish,
        targets.map((t) => ({ data: { targetId: t.id, version: t.version }, startAfter: dueAt })),
        {
          db: {
            executeSql: async (text, values) => ({
              rows: (await tx.execute(sql.raw(bind(text, values)))).rows,
            }),
          },
        },
      );
    });
  }
  await jobs.stop();
  return dueAt;
}

/** pg-boss hands us numbered parameters; inline them safely as literals for drizzle's raw execute. */
function bind(text, values = []) {
  return text.replace(/\$(\d+)/g, (_, n) => {
    const v = values[Number(n) - 1];
    if (v === null || v === undefined) return 'null';
    if (typeof v === 'number' || typeof v === 'boolean') return String(v);
    const s =
      typeof v === 'object' && !(v instanceof Date)
        ? JSON.stringify(v)
        : v instanceof Date
          ? v.toISOString()
          : String(v);
    return `'${s.replaceAll("'", "''")}'`;
  });
}

/**
 * One run: seeds `targetsTotal` targets due in 15 s on the database, starts `workers` worker
 * processes against the sandbox at `sandbox`, and returns the Markdown table row.
 */
export async function publishRun(
  label,
  databaseEnv,
  openSettings,
  { sandbox = sandboxUrl, workers: wanted = workerProcesses } = {},
) {
  await json(`${sandbox}/_sandbox/published`, { method: 'DELETE' });
  const { accounts } = await json(`${sandbox}/_sandbox/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ network: 'linkedin', count: accountsTotal, prefix: `b${Date.now()}` }),
  });
  const key = `bench:${randomBytes(32).toString('base64')}`;
  const database = await openDatabase(openSettings);
  const dueAt = await seed(database, accounts, key);
  await database.close();
  // PGlite is one process per data directory, so only PostgreSQL can run several workers.
  const processes = databaseEnv.DATABASE_URL ? wanted : 1;
  const workers = Array.from({ length: processes }, () =>
    startNode('apps/server/dist/main.js', {
      ...databaseEnv,
      FITPOST_SERVICES: 'worker',
      FITPOST_TOKEN_KEYS: key,
      FITPOST_DEMO_SEED: 'false',
      FITPOST_WORKER_CONCURRENCY: String(concurrency),
      FITPOST_LINKEDIN_API_URL: `${sandbox}/linkedin/api`,
      LOG_LEVEL: 'warn',
    }),
  );
  try {
    const done = await waitForPublished(sandbox, {
      total: targetsTotal,
      deadline: dueAt.getTime() + 180_000,
      network: 'linkedin',
    });
    const lateness = done
      .map((p) => new Date(p.publishedAt).getTime() - dueAt.getTime())
      .sort((a, b) => a - b);
    const last = lateness.at(-1) ?? NaN;
    const first = lateness[0] ?? NaN;
    return `| ${label}${processes > 1 ? ` (${processes} workers)` : ''} | ${done.length.toLocaleString('en-US')} / ${targetsTotal.toLocaleString('en-US')} | ${(last / 1000).toFixed(1)} s | ${(pct(lateness, 50) / 1000).toFixed(1)} s | ${(pct(lateness, 99) / 1000).toFixed(1)} s | ${Math.round(done.length / ((last - first) / 1000 || 1))} |`;
  } finally {
    await Promise.all(workers.map((w) => stop(w)));
  }
}

export async function benchPublish() {
  const dataDir = path.resolve('.tmp/bench-publish');
  let capacity = '';
  const rows = await withSandbox({ port: sandboxPort, dataDir }, async () => {
    capacity = await sandboxCapacity(sandboxUrl, concurrency);
    return eachDatabase(databases, dataDir, publishRun);
  });
  return [
    `${targetsTotal.toLocaleString('en-US')} LinkedIn targets over ${accountsTotal} accounts, all due at the same instant; ${workerProcesses} worker process(es) on PostgreSQL, one on PGlite, concurrency ${concurrency} each.`,
    '',
    ...table(
      ['database', 'published', 'last one after due', 'lateness p50', 'lateness p99', 'publishes/s'],
      rows,
    ),
    '',
    capacity,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await benchPublish());
