// A/B of the feed import (refreshFeed) between another build of the server and this one: the
// sandbox's 500-item feed and a 500-item feed where every item makes a health claim, each imported
// fresh and then read again (all items known), ROUNDS times (9) per build, the two builds taking
// turns on the same database so both meet the same load; on PGlite, then PostgreSQL 15. Medians.
// `npm run build`, copy apps/server/dist of the other commit to BEFORE_DIST (inside this checkout,
// so it finds node_modules), then `BEFORE_DIST=.tmp/dist-before node bench/feed-import-ab.mjs`.
// Issue 30 used it to measure the health-claim check of imported items (docs/benchmarks.md).
import { createServer } from 'node:http';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { openDatabase } from '../apps/server/dist/db/client.js';
import { seedReferenceData } from '../apps/server/dist/db/seed.js';
import { portals } from '../apps/server/dist/db/schema.js';
import { feeds } from '../apps/server/dist/db/schema-library.js';
import { refreshFeed as after } from '../apps/server/dist/modules/feeds/import.js';
import { startPostgres } from '../scripts/lib/postgres.mjs';
import { pct, startNode, stop, waitHealthy } from './lib.mjs';

if (!process.env.BEFORE_DIST) throw new Error('BEFORE_DIST: the other build’s apps/server/dist');
const { refreshFeed: before } = await import(
  pathToFileURL(path.resolve(process.env.BEFORE_DIST, 'modules/feeds/import.js')).href
);
const rounds = Number(process.env.ROUNDS ?? 9);
const sandboxPort = 4251;
const sandbox = startNode('apps/sandbox/dist/main.js', { SANDBOX_PORT: String(sandboxPort) });
await waitHealthy(`http://127.0.0.1:${sandboxPort}/_sandbox/health`);
// 500 items each making a claim (the new code's worst case: every item written twice).
const claimsXml = `<?xml version="1.0"?><rss version="2.0"><channel><title>Claims</title>${Array.from(
  { length: 500 },
  (_, i) =>
    `<item><guid>c${i}</guid><title>Item ${i}</title><link>https://example.org/${i}</link><description>Our 7-day detox ${i} resets your body and cures back pain.</description></item>`,
).join('')}</channel></rss>`;
const local = createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'application/rss+xml' });
  res.end(claimsXml);
});
await new Promise((r) => local.listen(0, '127.0.0.1', r));
const claimsUrl = `http://127.0.0.1:${local.address().port}/claims.rss`;

async function measure(label, database) {
  await database.migrate();
  await seedReferenceData(database.db);
  await database.db.insert(portals).values({ id: 1, alias: 'p', name: 'P' }).onConflictDoNothing();
  const results = {};
  for (const [feedName, url] of [
    ['sandbox large.rss (no claims)', `http://127.0.0.1:${sandboxPort}/feeds/large.rss?items=500`],
    ['every item a claim', claimsUrl],
  ]) {
    const times = { before: [], after: [], beforeAgain: [], afterAgain: [] };
    for (let n = 0; n < rounds; n++) {
      for (const [name, refresh] of n % 2
        ? [
            ['after', after],
            ['before', before],
          ]
        : [
            ['before', before],
            ['after', after],
          ]) {
        const [feed] = await database.db
          .insert(feeds)
          .values({ portalId: 1, isSystem: true, name: `${name} ${n}`, url })
          .returning();
        const deps = { db: database.db, fetch: { allowLoopback: true } };
        let t = performance.now();
        const out = await refresh(deps, feed);
        times[name].push(performance.now() - t);
        if (out.imported !== 500) throw new Error(JSON.stringify(out));
        t = performance.now();
        await refresh(deps, { ...feed, etag: null, lastModified: null });
        times[`${name}Again`].push(performance.now() - t);
      }
    }
    for (const k of Object.keys(times)) times[k].sort((a, b) => a - b);
    results[feedName] = Object.fromEntries(
      Object.entries(times).map(([k, v]) => [
        k,
        `${pct(v, 50).toFixed(0)} ms (p25 ${pct(v, 25).toFixed(0)}, p75 ${pct(v, 75).toFixed(0)})`,
      ]),
    );
  }
  console.log(label, JSON.stringify(results, null, 1));
}

try {
  const dir = path.resolve('.tmp/ab-pglite');
  rmSync(dir, { recursive: true, force: true });
  const lite = await openDatabase({ kind: 'pglite', dataDir: dir });
  await measure('PGlite', lite);
  await lite.close();
  const pg = await startPostgres();
  try {
    const db = await openDatabase({ kind: 'postgres', url: pg.url, poolSize: 4 });
    await measure('PostgreSQL', db);
    await db.close();
  } finally {
    pg.stop();
  }
} finally {
  await stop(sandbox);
  local.close();
}
