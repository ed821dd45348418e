// Library search latency with 100,000 content items, and feed import throughput for the sandbox's
// 500-item feed, on PGlite and PostgreSQL. The library is written straight into the database with
// the server's own schema (the generated search column fills itself); searches go through the
// built API server, one request at a time, so the figures are end-to-end latencies of one member's
// requests (auth, validation, the query, serialisation). Feed import uses the server's own
// refreshFeed (guarded fetch, parse, dedupe, insert) against the built sandbox.
// BENCH_ITEMS (100000), BENCH_REPEAT (requests per query kind, 60), BENCH_DATABASES (pglite,postgres),
// BENCH_PORT / BENCH_SANDBOX_PORT (3250, 4250). Beside the searches, the same server's trivial route
// (GET /api/public-config: no session, no database), asked the same way, is the run's reference.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { roleIds } from '@fitpost/contract';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/dist/db/client.js';
import { seedReferenceData } from '../apps/server/dist/db/seed.js';
import { portals, userRoles, users } from '../apps/server/dist/db/schema.js';
import {
  brands,
  contentItems,
  contentTags,
  favorites,
  feeds,
  tags,
} from '../apps/server/dist/db/schema-library.js';
import { posts, postTargets } from '../apps/server/dist/db/schema-posts.js';
import { createSession } from '../apps/server/dist/modules/auth/sessions.js';
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

const itemsTotal = Number(process.env.BENCH_ITEMS ?? 100_000);
const repeat = Number(process.env.BENCH_REPEAT ?? 60);
const databases = benchDatabases();
const port = Number(process.env.BENCH_PORT ?? 3250);
const sandboxPort = Number(process.env.BENCH_SANDBOX_PORT ?? 4250);
const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
const base = `http://127.0.0.1:${port}`;
const day = 86_400_000;
const ms = (v) => `${v < 10 ? v.toFixed(1) : Math.round(v)} ms`;

/** A small deterministic generator, so every run writes the same library. */
function prng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const vocabulary = `squat deadlift bench press lunge plank kettlebell swing row pullup pushup burpee sprint
  interval tempo hinge mobility stretch yoga pilates breath balance core glutes hamstrings quads calves
  shoulders posture recovery sleep protein carbs fibre hydration smoothie oats lentils salad breakfast
  dinner snack recipe meal prep habit mindset motivation goal progress strength power endurance cardio
  running cycling rowing swimming walking hiking marathon race zone heart rate warmup cooldown injury
  knee ankle hip spine back neck wrist grip band dumbbell barbell machine cable bodyweight circuit
  tabata hiit conditioning agility speed jump box stairs rope beginner advanced coach client trainer
  session programme week month routine consistency rest stress energy focus confidence community
  challenge family healthy ageing bone density flexibility stability technique form cue tip guide
  mistake myth science evidence study nutrition vitamin mineral iron calcium omega coffee caffeine
  sugar alcohol weekend holiday summer winter spring autumn morning evening outdoor home gym studio`
  .split(/\s+/)
  .filter(Boolean);

export async function seedLibrary(database) {
  await database.migrate();
  await seedReferenceData(database.db);
  const db = database.db;
  const rand = prng(42);
  const pick = (list) => list[Math.floor(rand() * list.length)];
  // Word frequencies fall off steeply, as in real text: the first eighth of the vocabulary makes
  // half of all words, so searches meet both very common and rare words.
  const word = () => vocabulary[Math.floor(rand() ** 3 * vocabulary.length)];
  const words = (n) => Array.from({ length: n }, word).join(' ');
  await db
    .insert(portals)
    .values([
      { id: 1, alias: 'fitpro', name: 'FitPro Academy' },
      // The feed import writes here, so the searched library keeps exactly BENCH_ITEMS items.
      { id: 2, alias: 'imports', name: 'Import benchmark' },
    ])
    .onConflictDoNothing();
  const [admin, member] = await db
    .insert(users)
    .values([
      { portalId: 1, email: 'bench-admin@example.com', fullName: 'Bench Admin' },
      { portalId: 1, email: 'bench-coach@example.com', fullName: 'Bench Coach' },
    ])
    .returning({ id: users.id });
  await db.insert(userRoles).values([
    { userId: admin.id, roleId: roleIds.admin, source: 'admin' },
    { userId: member.id, roleId: roleIds.member, source: 'admin' },
  ]);
  const brandRows = await db
    .insert(brands)
    .values(Array.from({ length: 12 }, (_, i) => ({ portalId: 1, name: `Brand ${i + 1} ${words(1)}` })))
    .returning({ id: brands.id });
  const tagNames = [...new Set(vocabulary)].slice(0, 40);
  const tagRows = await db
    .insert(tags)
    .values(tagNames.map((name, i) => ({ portalId: 1, name: `#${name}`, searchable: i % 8 !== 7 })))
    .returning({ id: tags.id, name: tags.name, searchable: tags.searchable });
  const systemFeeds = await db
    .insert(feeds)
    .values(
      [1, 2].map((n) => ({
        portalId: 1,
        isSystem: true,
        name: `System feed ${n}`,
        url: `https://example.com/${n}`,
      })),
    )
    .returning({ id: feeds.id });

  const now = Date.now();
  const ids = [];
  for (let i = 0; i < itemsTotal; i += 1000) {
    const rows = [];
    const links = [];
    for (let j = i; j < Math.min(itemsTotal, i + 1000); j += 1) {
      const id = randomUUID();
      ids.push(id);
      const itemTags = [...new Set(Array.from({ length: 1 + Math.floor(rand() * 3) }, () => pick(tagRows)))];
      const fromFeed = rand() < 0.1;
      const window = rand();
      rows.push({
        id,
        portalId: 1,
        type: fromFeed ? 'feed' : 'library',
        title: words(4 + Math.floor(rand() * 4)),
        body: words(20 + Math.floor(rand() * 25)),
        brandId: rand() < 0.9 ? pick(brandRows).id : null,
        feedId: fromFeed ? pick(systemFeeds).id : null,
        feedGuid: fromFeed ? `guid-${j}` : null,
        activeFrom: window < 0.05 ? new Date(now + 30 * day) : window < 0.1 ? new Date(now - 90 * day) : null,
        activeUntil: window >= 0.05 && window < 0.1 ? new Date(now - 30 * day) : null,
        recommended: rand() < 0.05,
        publishedAt: new Date(now - Math.floor(rand() * 730 * day)),
        tagNames: itemTags
          .filter((t) => t.searchable)
          .map((t) => t.name)
          .join(' '),
        createdBy: fromFeed ? null : admin.id,
      });
      for (const t of itemTags) links.push({ contentId: id, tagId: t.id });
    }
    await db.insert(contentItems).values(rows);
    await db.insert(contentTags).values(links);
  }
  const favourite = Array.from({ length: 300 }, () => pick(ids));
  await db
    .insert(favorites)
    .values([...new Set(favourite)].map((contentId) => ({ userId: member.id, contentId })));
  const made = await db
    .insert(posts)
    .values(
      Array.from({ length: 200 }, () => ({
        portalId: 1,
        userId: member.id,
        body: words(12),
        contentId: pick(ids),
      })),
    )
    .returning({ id: posts.id });
  await db.insert(postTargets).values(
    made.map((p, i) => ({
      postId: p.id,
      portalId: 1,
      userId: member.id,
      network: 'x',
      accountName: 'Bench Coach',
      status: i % 2 ? 'published' : 'scheduled',
      dueAt: new Date(now + day),
    })),
  );
  const token = await createSession(db, member.id, { maxMs: 7 * day });
  return {
    token,
    brandIds: brandRows.map((b) => b.id),
    tagIds: tagRows.filter((t) => t.searchable).map((t) => t.id),
  };
}

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
  const seeded = await seedLibrary(database);
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
