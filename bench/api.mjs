// Throughput of GET /api/user/me (session lookup + user + roles + properties) beside a trivial
// route on the same server (GET /api/public-config, no database), with autocannon, on PGlite
// and on PostgreSQL. The server runs as its own process; autocannon runs here.
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { startPostgres } from '../scripts/lib/postgres.mjs';
import { cannon, memberToken, startNode, stop, waitHealthy } from './lib.mjs';

const port = 3220;
const sandboxPort = 4220;
const duration = Number(process.env.BENCH_SECONDS ?? 10);

async function run(label, extraEnv) {
  const server = startNode('apps/server/dist/main.js', {
    PORT: String(port),
    SANDBOX_PORT: String(sandboxPort),
    FITPOST_SERVICES: 'api',
    FITPOST_DATA_DIR: '.tmp/bench-api',
    FITPOST_DEMO_SEED: 'true',
    LOG_LEVEL: 'warn',
    ...extraEnv,
  });
  try {
    // A shared host can take a minute or more to migrate and seed a fresh PGlite.
    await waitHealthy(`http://127.0.0.1:${port}/api/health`, 300_000);
    const base = `http://127.0.0.1:${port}`;
    const token = await memberToken(base, `http://127.0.0.1:${sandboxPort}`, 'coach@example.com');
    const trivial = await cannon(`${base}/api/public-config`, {}, { seconds: duration });
    const me = await cannon(
      `${base}/api/user/me`,
      { authorization: `Bearer ${token}` },
      { seconds: duration },
    );
    return [
      `| ${label} | GET /api/public-config (no database) | ${trivial.rps} | ${trivial.p50} ms | ${trivial.p99} ms | ${trivial.errors} |`,
      `| ${label} | GET /api/user/me | ${me.rps} | ${me.p50} ms | ${me.p99} ms | ${me.errors} |`,
    ];
  } finally {
    await stop(server);
  }
}

export async function benchApi() {
  rmSync('.tmp/bench-api', { recursive: true, force: true });
  const sandbox = startNode('apps/sandbox/dist/main.js', { SANDBOX_PORT: String(sandboxPort) });
  const rows = [];
  try {
    await waitHealthy(`http://127.0.0.1:${sandboxPort}/_sandbox/health`);
    rows.push(...(await run('PGlite', {})));
    const pg = await startPostgres();
    try {
      // A throwaway key: FitPost requires configured token keys with PostgreSQL.
      const key = `bench:${randomBytes(32).toString('base64')}`;
      rows.push(...(await run('PostgreSQL 15', { DATABASE_URL: pg.url, FITPOST_TOKEN_KEYS: key })));
    } finally {
      pg.stop();
    }
  } finally {
    await stop(sandbox);
    rmSync('.tmp/bench-api', { recursive: true, force: true });
  }
  return [
    `autocannon: 32 connections, ${duration} s per route, server and load generator on the same 2 cores.`,
    '',
    '| database | route | requests/s | p50 | p99 | errors |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await benchApi());
