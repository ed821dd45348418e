// Library search latency with 100,000 content items, and feed import throughput for the sandbox's
// 500-item feed, on PGlite and PostgreSQL. The library is written straight into the database with
// the server's own schema (the generated search column fills itself); searches go through the
// built API server, one request at a time, so the figures are end-to-end latencies of one member's
// requests (auth, validation, the query, serialisation). Feed import uses the server's own
// refreshFeed (guarded fetch, parse, dedupe, insert) against the built sandbox.
// BENCH_ITEMS (100000), BENCH_REPEAT (requests per query kind, 60), BENCH_DATABASES (pglite,postgres),
// BENCH_PORT / BENCH_SANDBOX_PORT (3250, 4250). Beside the searches, the same server's trivial route
// (GET /api/public-config: no session, no database), asked the same way, is the run's reference.
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/dist/db/client.js';
import { feeds } from '../apps/server/dist/db/schema-library.js';
import { refreshFeed } from '../apps/server/dist/modules/feeds/import.js';
import {
  benchDatabases,
  eachDatabase,
  pct,
  startNode,
  stop,
  table,
  waitHealthy,
  withSandbox,
} from './lib.mjs';
import { seedLibrary, vocabulary } from './library-seed.mjs';

const itemsTotal = Number(process.env.BENCH_ITEMS ?? 100_000);
const repeat = Number(process.env.BENCH_REPEAT ?? 60);
const databases = benchDatabases();
const port = Number(process.env.BENCH_PORT ?? 3250);
const sandboxPort = Number(process.env.BENCH_SANDBOX_PORT ?? 4250);
const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
const base = `http://127.0.0.1:${port}`;
const ms = (v) => `${v < 10 ? v.toFixed(1) : Math.round(v)} ms`;

/** The searches a member makes in Browse Library, each a function of the run number. */
export function queryKinds({ brandIds, tagIds }) {
  const word = (n) => vocabulary[(n * 7) % vocabulary.length];
  return [
    ['newest, first page (no filter)', () => 'pagesize=24'],
    ['newest, page 40', () => 'pagesize=24&page=40'],
    ['keyword, one word', (n) => `pagesize=24&q=${word(n)}`],
    [
      'keyword, two word prefixes',
      (n) => `pagesize=24&q=${word(n).slice(0, 4)}%20${word(n + 3).slice(0, 3)}`,
    ],
    ['keyword, sorted by date', (n) => `pagesize=24&q=${word(n)}&sort=date`],
    ['brand', (n) => `pagesize=24&brandId=${brandIds[n % brandIds.length]}`],
    ['tag', (n) => `pagesize=24&tagIds=${tagIds[n % tagIds.length]}`],
    [
      'keyword + brand + tag',
      (n) =>
        `pagesize=24&q=${word(n)}&brandId=${brandIds[n % brandIds.length]}&tagIds=${tagIds[(n * 3) % tagIds.length]}`,
    ],
    ['recommended', () => 'pagesize=24&recommended=true'],
    ['my favourites', () => 'pagesize=24&favorites=true'],
    ['sorted by title', () => 'pagesize=24&sort=title'],
  ];
}

/** The trivial route, one request at a time as the searches are asked: the run's reference. */
async function measureTrivial() {
  const times = [];
  for (let n = 0; n < repeat + 2; n += 1) {
    const started = performance.now();
    const res = await fetch(`${base}/api/public-config`);
    await res.arrayBuffer();
    if (n >= 2) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: pct(times, 50), p99: pct(times, 99) };
}

async function measureSearches(seeded) {
  const headers = { authorization: `Bearer ${seeded.token}` };
  const rows = [];
  const all = [];
  for (const [label, query] of queryKinds(seeded)) {
    // Two warm-up requests, then the measured ones.
    for (let n = 0; n < 2; n += 1)
      await (await fetch(`${base}/api/content?${query(n)}`, { headers })).arrayBuffer();
    const times = [];
    let total = 0;
    for (let n = 0; n < repeat; n += 1) {
      const started = performance.now();
      const res = await fetch(`${base}/api/content?${query(n)}`, { headers });
      const body = await res.json();
      times.push(performance.now() - started);
      if (!res.ok) throw new Error(`${label}: ${res.status} ${JSON.stringify(body)}`);
      total += body.total;
    }
    times.sort((a, b) => a - b);
    all.push(...times);
    rows.push({ label, p50: pct(times, 50), p99: pct(times, 99), matches: Math.round(total / repeat) });
  }
  all.sort((a, b) => a - b);
  return { rows, p50: pct(all, 50), p99: pct(all, 99) };
}

async function measureImport(database) {
  const runs = [];
  for (let n = 0; n < 5; n += 1) {
    const [feed] = await database.db
      .insert(feeds)
      .values({
        portalId: 1,
        isSystem: true,
        name: `Large ${n}`,
        url: `${sandboxUrl}/feeds/large.rss?items=500`,
      })
      .returning();
    const started = performance.now();
    const outcome = await refreshFeed({ db: database.db, fetch: { allowLoopback: true } }, feed);
    const elapsed = performance.now() - started;
    if (outcome.status !== 'ok' || outcome.imported !== 500)
      throw new Error(`import: ${JSON.stringify(outcome)}`);
    // The same feed again without validators: all 500 arrive and all are recognised as seen.
    const again = performance.now();
    const repeatOutcome = await refreshFeed(
      { db: database.db, fetch: { allowLoopback: true } },
      { ...feed, etag: null, lastModified: null },
    );
    runs.push({ elapsed, dedupe: performance.now() - again, imported: repeatOutcome.imported });
  }
  runs.sort((a, b) => a.elapsed - b.elapsed);
  const median = runs[2];
  return {
    itemsPerSecond: Math.round(500 / (median.elapsed / 1000)),
    elapsed: median.elapsed,
    dedupe: median.dedupe,
  };
}

async function run(label, serverEnv, openSettings) {
  const database = await openDatabase(openSettings);
  const seedStarted = performance.now();
  const seeded = await seedLibrary(database, itemsTotal);
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  // The steady state: what autovacuum leaves on PostgreSQL (statistics and visibility maps), and
  // on PGlite, which runs no autovacuum, what the server's own upkeep (db/upkeep.ts, autovacuum's
  // thresholds) leaves once the library has been written: fresh statistics.
  await database.db.execute(database.kind === 'pglite' ? sql`analyze` : sql`vacuum analyze`);
  const imported = await measureImport(database);
  await database.close();
  const server = startNode('apps/server/dist/main.js', {
    PORT: String(port),
    SANDBOX_PORT: String(sandboxPort),
    FITPOST_SERVICES: 'api',
    FITPOST_DEMO_SEED: 'false',
    LOG_LEVEL: 'warn',
    ...serverEnv,
  });
  try {
    await waitHealthy(`${base}/api/health`, 120_000);
    const searches = await measureSearches(seeded);
    return { label, seedSeconds, imported, searches, trivial: await measureTrivial() };
  } finally {
    await stop(server);
  }
}

export async function benchLibrary() {
  const dataDir = path.resolve('.tmp/bench-library');
  const results = await withSandbox({ port: sandboxPort, dataDir }, () =>
    eachDatabase(databases, dataDir, run, { tokenKey: true }),
  );
  const labels = results[0]?.searches.rows.map((r) => r.label) ?? [];
  const lines = [
    `${itemsTotal.toLocaleString('en-US')} content items (12 brands, 40 tags, 1–3 tags each, 10 % feed items, 10 % outside their window), searched as a member through the built API server.`,
    '',
    ...table(
      [
        `query (${repeat} requests each, one at a time)`,
        ...results.flatMap((r) => [`${r.label} p50`, `${r.label} p99`]),
        'matches (avg)',
      ],
      [
        ...labels.map((label, i) => {
          const cells = results.map((r) => `${ms(r.searches.rows[i].p50)} | ${ms(r.searches.rows[i].p99)}`);
          return `| ${label} | ${cells.join(' | ')} | ${results[0].searches.rows[i].matches.toLocaleString('en-US')} |`;
        }),
        `| **all searches** | ${results.map((r) => `**${ms(r.searches.p50)}** | **${ms(r.searches.p99)}**`).join(' | ')} | |`,
        `| reference: trivial route (\`GET /api/public-config\`), same server | ${results.map((r) => `${ms(r.trivial.p50)} | ${ms(r.trivial.p99)}`).join(' | ')} | |`,
      ],
    ),
    '',
    ...table(
      [
        'database',
        `writing ${itemsTotal.toLocaleString('en-US')} items`,
        '500-item feed import (fetch, parse, insert)',
        'items/s',
        're-import, all 500 already there',
      ],
      results.map(
        (r) =>
          `| ${r.label} | ${r.seedSeconds.toFixed(0)} s | ${ms(r.imported.elapsed)} | ${r.imported.itemsPerSecond.toLocaleString('en-US')} | ${ms(r.imported.dedupe)} |`,
      ),
    ),
  ];
  return lines.join('\n');
}
