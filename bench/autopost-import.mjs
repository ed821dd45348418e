// Import a plan (issue 29): POST /api/autoposts/import with a 1,000-row CSV, as a dry run (every row
// read and checked with Schedule Auto-Post's rules) and for real (1,000 Auto-Posts and their fan-out
// jobs in one transaction), on PGlite and on PostgreSQL, through the built API process over HTTP.
// Beside each figure, in the same run: GET /api/health/live (the trivial route) and a 10-row dry
// run. Time is the median of BENCH_REPEAT requests (5; the real import 3 times, each adding 1,000);
// memory is the API process's resident set before, and its peak while the requests ran (sampled
// from /proc every 10 ms). The host's speed index is measured at the start (scripts/lib/host-speed.mjs).
// BENCH_DATABASES (pglite,postgres) and BENCH_REPEAT tune it.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../apps/server/dist/db/client.js';
import { seedReferenceData } from '../apps/server/dist/db/seed.js';
import { hostSpeedIndex } from '../scripts/lib/host-speed.mjs';
import {
  benchDatabases,
  eachDatabase,
  rssMiB,
  seedAdmin,
  startNode,
  stop,
  table,
  waitHealthy,
  withSandbox,
} from './lib.mjs';

const port = 3291;
const sandboxPort = 4291;
const base = `http://127.0.0.1:${port}`;
const repeat = Number(process.env.BENCH_REPEAT ?? 5);
const databases = benchDatabases();

/** A plan of `rows` Auto-Posts a year ahead, spread over the days and hours, on X and LinkedIn. */
function plan(rows) {
  const year = new Date().getUTCFullYear() + 1;
  const lines = ['date,time,time_zone,text,link,networks,x_variants,x_spread_minutes,utm'];
  for (let i = 0; i < rows; i++) {
    const day = `${year}-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`;
    const time = `${String(6 + (i % 14)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}`;
    lines.push(
      `${day},${time},America/New_York,"Hi {first_name|there}, plan post ${i}: squats, lunges and a walk.",https://example.com/plan/${i},x;linkedin,"Move {first_name|friend} ${i}|Walk today ${i}",30,true`,
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** An admin with a live session, written straight into the database; returns the bearer token. */
async function seed(openSettings) {
  const database = await openDatabase(openSettings);
  try {
    await database.migrate();
    await seedReferenceData(database.db);
    return await seedAdmin(database.db, { prefix: `import${Date.now()}` });
  } finally {
    await database.close();
  }
}

/** Runs `request` `times` times; the median time in ms and the process's peak RSS meanwhile. */
async function measure(pid, times, request) {
  const durations = [];
  let peak = rssMiB(pid);
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMiB(pid));
  }, 10);
  try {
    for (let i = 0; i < times; i++) {
      const t0 = performance.now();
      await request();
      durations.push(performance.now() - t0);
    }
  } finally {
    clearInterval(sampler);
  }
  durations.sort((a, b) => a - b);
  return { ms: durations[Math.floor(durations.length / 2)], peak: Math.max(peak, rssMiB(pid)) };
}

async function run(label, env, openSettings) {
  const token = await seed(openSettings);
  const server = startNode('apps/server/dist/main.js', {
    PORT: String(port),
    FITPOST_SERVICES: 'api',
    FITPOST_DEMO_SEED: 'false',
    LOG_LEVEL: 'warn',
    SANDBOX_PORT: String(sandboxPort),
    ...env,
  });
  try {
    await waitHealthy(`${base}/api/health/live`, 180_000);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const post = async (csv, dryRun, expected) => {
      const res = await fetch(`${base}/api/autoposts/import`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ csv, dryRun }),
      });
      const body = await res.json();
      if (res.status !== 200 || body.invalid !== 0 || body.valid !== expected)
        throw new Error(`import answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
    };
    const small = plan(10);
    const large = plan(1000);
    // Warm the routes' code paths before timing.
    await post(small, true, 10);
    await post(large, true, 1000);
    const before = rssMiB(server.pid);
    const live = await measure(server.pid, 50, async () => {
      if (!(await fetch(`${base}/api/health/live`)).ok) throw new Error('health/live failed');
    });
    const dry10 = await measure(server.pid, repeat, () => post(small, true, 10));
    const dry1000 = await measure(server.pid, repeat, () => post(large, true, 1000));
    const real1000 = await measure(server.pid, 3, () => post(large, false, 1000));
    const ms = (v) => `${Math.round(v)} ms`;
    return `| ${label} | ${ms(live.ms)} | ${ms(dry10.ms)} | ${ms(dry1000.ms)} | ${ms(real1000.ms)} | ${before} MiB | ${dry1000.peak} MiB | ${real1000.peak} MiB |`;
  } finally {
    await stop(server);
  }
}

export async function benchAutoPostImport() {
  const speed = hostSpeedIndex();
  const dataDir = path.resolve('.tmp/bench-autopost-import');
  rmSync(dataDir, { recursive: true, force: true });
  try {
    // The demo's sign-in provider is the sandbox; the API waits for it at start.
    const rows = await withSandbox({ port: sandboxPort, dataDir }, () =>
      eachDatabase(databases, dataDir, run, { tokenKey: true }),
    );
    return [
      `Host speed index ${speed.index} (rounds ${speed.rounds.join(', ')}). POST /api/autoposts/import over HTTP to the built API process: the median of ${repeat} requests (the real import: of 3, each scheduling 1,000 more), beside GET /api/health/live (median of 50) and a 10-row dry run in the same run. The plan's rows: merge fields, a link with UTM tags, X and LinkedIn, two X variants each.`,
      '',
      ...table(
        [
          'database',
          'GET /api/health/live',
          'dry run, 10 rows',
          'dry run, 1,000 rows',
          'import, 1,000 rows',
          'API RSS before',
          'peak RSS, dry runs of 1,000',
          'peak RSS, imports of 1,000',
        ],
        rows,
      ),
    ].join('\n');
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await benchAutoPostImport());
