// FitPost at scale on one machine: 2 API processes and 2 workers on one PostgreSQL, behind HAProxy
// (Debian's, started here; installed with apt when missing and run as root). Measures
// `GET /api/user/me` against one API process and through the load balancer to both, the
// 10,000-target publish benchmark with one worker and with two, and whether the sign-in rate
// limit holds across both API processes (it is counted in the database). Loopback only; every
// process it starts is stopped at the end. BENCH_SECONDS (per autocannon run) and BENCH_TARGETS tune it.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPostgres } from '../scripts/lib/postgres.mjs';
import { ensureSystemPackages, haproxyPath } from '../scripts/lib/system.mjs';
import { cannon, memberToken, startNode, stop, waitHealthy } from './lib.mjs';
import { publishRun } from './publish.mjs';

const lbPort = 3250;
const apiPorts = [3251, 3252];
const sandboxPort = 4250;
const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
const lb = `http://127.0.0.1:${lbPort}`;
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const signInLimit = 60;

/** HAProxy in front of the API processes: round robin, health-checked on readiness, naming the server that answered. */
function haproxyConfig() {
  return [
    'global',
    '  maxconn 4096',
    'defaults',
    '  mode http',
    '  timeout connect 5s',
    '  timeout client 30s',
    '  timeout server 30s',
    // A process that has just closed its port (a deploy) costs a retry on the other, not an error.
    '  retries 2',
    '  option redispatch',
    'frontend fitpost',
    `  bind 127.0.0.1:${lbPort}`,
    '  option forwardfor',
    '  default_backend api',
    'backend api',
    '  balance roundrobin',
    '  option httpchk GET /api/health/ready',
    '  http-check expect status 200',
    '  http-response set-header X-Served-By %s',
    ...apiPorts.map((port, i) => `  server api${i + 1} 127.0.0.1:${port} check inter 1s`),
    '',
  ].join('\n');
}

function startHaproxy(dir) {
  const file = path.join(dir, 'haproxy.cfg');
  writeFileSync(file, haproxyConfig());
  return spawn(haproxyPath, ['-f', file, '-db'], { stdio: ['ignore', 'ignore', 'inherit'] });
}

/** Waits until HAProxy sends requests to every API process. */
async function waitBalanced() {
  const deadline = Date.now() + 30_000;
  const seen = new Set();
  while (Date.now() < deadline && seen.size < apiPorts.length) {
    const res = await fetch(`${lb}/api/health/ready`).catch(() => null);
    if (res?.ok) seen.add(res.headers.get('x-served-by'));
    await new Promise((r) => setTimeout(r, 100));
  }
  if (seen.size < apiPorts.length)
    throw new Error(`HAProxy reaches ${[...seen].join(', ') || 'no API process'}`);
}

/** Sign-in calls through the load balancer, from one client: how many each API process let through. */
async function signInBurst(total) {
  const byServer = {};
  let accepted = 0;
  let refused = 0;
  for (let i = 0; i < total; i += 10) {
    const answers = await Promise.all(
      Array.from({ length: Math.min(10, total - i) }, () =>
        fetch(`${lb}/api/auth/authorize?host=127.0.0.1:${lbPort}`),
      ),
    );
    for (const res of answers) {
      await res.arrayBuffer();
      const server = res.headers.get('x-served-by') ?? '?';
      byServer[server] ??= { ok: 0, limited: 0 };
      if (res.status === 200) {
        accepted += 1;
        byServer[server].ok += 1;
      } else if (res.status === 429) {
        refused += 1;
        byServer[server].limited += 1;
      } else throw new Error(`sign-in answered ${res.status}`);
    }
  }
  return { accepted, refused, byServer };
}

export async function benchScale() {
  ensureSystemPackages({ chromium: false, postgres: true, haproxy: true });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fitpost-scale-'));
  const pg = await startPostgres();
  const children = [];
  const lines = [];
  try {
    const key = `bench:${randomBytes(32).toString('base64')}`;
    const common = {
      DATABASE_URL: pg.url,
      FITPOST_TOKEN_KEYS: key,
      SANDBOX_PORT: String(sandboxPort),
      FITPOST_PUBLIC_URL: lb,
      FITPOST_PUBLIC_HOSTS: `127.0.0.1:${lbPort}`,
      // One proxy (HAProxy) in front: the limits see the client's address from X-Forwarded-For.
      FITPOST_TRUST_PROXY: '1',
      FITPOST_AUTH_RATE_LIMIT_PER_MINUTE: String(signInLimit),
      LOG_LEVEL: 'warn',
    };
    children.push(startNode('apps/sandbox/dist/main.js', { SANDBOX_PORT: String(sandboxPort) }));
    await waitHealthy(`${sandboxUrl}/_sandbox/health`);
    // The first API process migrates and seeds the demo portals; the second starts on them.
    for (const [i, port] of apiPorts.entries()) {
      children.push(
        startNode('apps/server/dist/main.js', {
          ...common,
          PORT: String(port),
          FITPOST_SERVICES: 'api',
          FITPOST_DEMO_SEED: i === 0 ? 'true' : 'false',
        }),
      );
      await waitHealthy(`http://127.0.0.1:${port}/api/health/ready`, 120_000);
    }
    children.push(startHaproxy(dir));
    await waitBalanced();

    // 1. GET /api/user/me: one API process directly, then both through the load balancer.
    const token = await memberToken(lb, sandboxUrl, 'coach@example.com');
    const auth = { authorization: `Bearer ${token}` };
    const one = await cannon(`http://127.0.0.1:${apiPorts[0]}/api/user/me`, auth, { seconds });
    const both = await cannon(`${lb}/api/user/me`, auth, { seconds });
    lines.push(
      `autocannon: 32 connections, ${seconds} s each, everything (PostgreSQL, 2 API processes, HAProxy, load generator) on the same machine.`,
      '',
      '| `GET /api/user/me` | requests/s | p50 | p99 | errors |',
      '| --- | --- | --- | --- | --- |',
      `| one API process, direct | ${one.rps} | ${one.p50} ms | ${one.p99} ms | ${one.errors} |`,
      `| two API processes behind HAProxy | ${both.rps} | ${both.p50} ms | ${both.p99} ms | ${both.errors} |`,
      '',
    );

    // 2. The sign-in limit is one budget for the client, whichever API process answers.
    const burst = await signInBurst(signInLimit * 2);
    const split = Object.entries(burst.byServer)
      .sort()
      .map(([server, n]) => `${server}: ${n.ok} accepted, ${n.limited} refused`)
      .join('; ');
    lines.push(
      `Shared rate limit: ${signInLimit * 2} sign-in calls (\`GET /api/auth/authorize\`) from one client through HAProxy, limit ${signInLimit} a minute per client: ${burst.accepted} accepted, ${burst.refused} refused with 429 (${split}). ${burst.accepted === signInLimit ? 'The limit held across both processes.' : 'The limit did NOT hold across both processes.'}`,
      '',
    );

    // 3. The publish benchmark on the same database, with one worker and with both.
    const database = { DATABASE_URL: pg.url };
    const open = { kind: 'postgres', url: pg.url, poolSize: 10 };
    const rows = [];
    for (const workers of [1, 2])
      rows.push(await publishRun('PostgreSQL 15', database, open, { sandbox: sandboxUrl, workers }));
    lines.push(
      'Publishing (bench/publish.mjs on the same database, the API processes idle beside it):',
      '',
      '| database | published | last one after due | lateness p50 | lateness p99 | publishes/s |',
      '| --- | --- | --- | --- | --- | --- |',
      ...rows,
    );
  } finally {
    for (const child of children.reverse()) await stop(child);
    pg.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await benchScale());
