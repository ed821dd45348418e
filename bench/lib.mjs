// Shared helpers for benchmarks: start the built stack as child processes, wait, measure.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { portals, sessions, userRoles, users } from '../apps/server/dist/db/schema.js';
import { hashToken, randomToken } from '../apps/server/dist/lib/tokens.js';
import { roleIds } from '../packages/contract/dist/index.js';
import { startPostgres } from '../scripts/lib/postgres.mjs';
import { chromiumFlags, chromiumPath } from '../scripts/lib/chromium.mjs';

/** The `p`th percentile of ascending `sorted` (nearest rank). */
export const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** A Markdown table: the header's cells, its rule, then `rows` (lines already written as table rows). */
export const table = (header, rows) => [
  `| ${header.join(' | ')} |`,
  `| ${header.map(() => '---').join(' | ')} |`,
  ...rows,
];

/** The databases a run covers: BENCH_DATABASES (pglite,postgres by default). */
export const benchDatabases = () => (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',');

/**
 * Runs `run(label, env, openSettings)` on each of `databases`: PGlite in `dataDir`, then a throwaway
 * PostgreSQL 15 (stopped afterwards); `tokenKey` also gives the PostgreSQL processes a fresh
 * FITPOST_TOKEN_KEYS; `postgresSettings` go into its postgresql.conf. Returns what each run
 * returned, in that order.
 */
export async function eachDatabase(databases, dataDir, run, { tokenKey = false, postgresSettings } = {}) {
  const results = [];
  if (databases.includes('pglite'))
    results.push(
      await run(
        'PGlite',
        { FITPOST_DATA_DIR: dataDir },
        { kind: 'pglite', dataDir: path.join(dataDir, 'db') },
      ),
    );
  if (databases.includes('postgres')) {
    const pg = await startPostgres({ settings: postgresSettings });
    try {
      const key = tokenKey ? { FITPOST_TOKEN_KEYS: `bench:${randomBytes(32).toString('base64')}` } : {};
      results.push(
        await run(
          'PostgreSQL 15',
          { DATABASE_URL: pg.url, ...key },
          { kind: 'postgres', url: pg.url, poolSize: 10 },
        ),
      );
    } finally {
      pg.stop();
    }
  }
  return results;
}

/**
 * Runs `body` with the built sandbox up on `port` (`env` added, `healthPath` waited for) and
 * `dataDir` empty; stops the sandbox and removes `dataDir` afterwards.
 */
export async function withSandbox({ port, env = {}, healthPath = '/_sandbox/health', dataDir }, body) {
  const sandbox = startNode('apps/sandbox/dist/main.js', { SANDBOX_PORT: String(port), ...env });
  rmSync(dataDir, { recursive: true, force: true });
  try {
    await waitHealthy(`http://127.0.0.1:${port}${healthPath}`);
    return await body();
  } finally {
    await stop(sandbox);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Members of portal 1 (created if need be) holding the FitPost Member role from `since` (a minute
 * ago by default), `batch` per INSERT, named `<prefix>.<n>@example.com` / `Member <n>`.
 * `each(made, start)` writes what a benchmark adds to every batch (sessions, connections, …).
 */
export async function seedMembers(db, { total, prefix, batch, since = new Date(Date.now() - 60_000), each }) {
  await db.insert(portals).values({ id: 1, alias: 'fitpro', name: 'FitPro Academy' }).onConflictDoNothing();
  for (let start = 0; start < total; start += batch) {
    const size = Math.min(batch, total - start);
    const made = await db
      .insert(users)
      .values(
        Array.from({ length: size }, (_, i) => ({
          portalId: 1,
          email: `${prefix}.${start + i}@example.com`,
          fullName: `Member ${start + i}`,
        })),
      )
      .returning({ id: users.id });
    await db
      .insert(userRoles)
      .values(made.map((u) => ({ userId: u.id, roleId: roleIds.member, source: 'admin', startDate: since })));
    if (each) await each(made, start);
  }
}

/** An admin of portal 1 (`<prefix>.admin@example.com`) with a session until `expires`; its bearer token. */
export async function seedAdmin(db, { prefix, expires = new Date(Date.now() + 24 * 3600_000) }) {
  await db.insert(portals).values({ id: 1, alias: 'fitpro', name: 'FitPro Academy' }).onConflictDoNothing();
  const [admin] = await db
    .insert(users)
    .values({ portalId: 1, email: `${prefix}.admin@example.com`, fullName: 'Bench Admin' })
    .returning({ id: users.id });
  await db.insert(userRoles).values({
    userId: admin.id,
    roleId: roleIds.admin,
    source: 'admin',
    startDate: new Date(Date.now() - 60_000),
  });
  const token = `fp_${randomToken(32)}`;
  await db.insert(sessions).values({ userId: admin.id, tokenHash: hashToken(token), expiresAt: expires });
  return token;
}

export async function waitHealthy(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await sleep(25);
  }
  throw new Error(`${url} not healthy within ${timeoutMs} ms`);
}

/** Resident memory of a process in MiB, from /proc. */
export function rssMiB(pid) {
  return statusMiB(pid, 'VmRSS');
}

/**
 * The kernel's high-water mark of a process's resident memory in MiB (`VmHWM`): the peak since it
 * started, which a sampler can miss when it lasts less than its interval.
 */
export function peakRssMiB(pid) {
  return statusMiB(pid, 'VmHWM');
}

function statusMiB(pid, field) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${field}:`));
  return line ? Math.round(Number(line.replace(/\D+/g, '')) / 1024) : NaN;
}

/** CPU time (user + system) a process has used so far, in ms, from /proc (clock ticks of 10 ms). */
export function cpuMs(pid) {
  // The command name (field 2) may hold spaces: count fields from the closing parenthesis.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * Starts a built app (`apps/<name>/dist/main.js`) with env and Node's flags `execArgv`; returns the
 * child. Benchmarks run the demo explicitly (FITPOST_DEMO=true): the sandbox stands in for the
 * provider and the networks.
 */
export function startNode(script, env, execArgv = []) {
  // BENCH_NODE_ARGS: extra flags for the started processes, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`
  // (Node refuses --cpu-prof in NODE_OPTIONS).
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...execArgv, ...nodeArgs, script], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, FITPOST_DEMO: 'true', ...env },
  });
  return child;
}

export function stop(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
  });
}

/**
 * The built demo stack for a browser benchmark: the sandbox (SSO and networks) and the API on a
 * fresh PGlite data directory, both healthy. `stopAll` stops them and removes the data.
 */
export async function startDemoStack({ port, sandboxPort, dataDir }) {
  const base = `http://localhost:${port}`;
  rmSync(dataDir, { recursive: true, force: true });
  const sandbox = startNode('apps/sandbox/dist/main.js', {
    SANDBOX_PORT: String(sandboxPort),
    SANDBOX_REDIRECT_URIS: `${base}/oauth`,
  });
  let server;
  const stopAll = async () => {
    if (server) await stop(server);
    await stop(sandbox);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitHealthy(`http://127.0.0.1:${sandboxPort}/_sandbox/health`);
    server = startNode('apps/server/dist/main.js', {
      PORT: String(port),
      SANDBOX_PORT: String(sandboxPort),
      FITPOST_DATA_DIR: dataDir,
      FITPOST_PUBLIC_URL: base,
      LOG_LEVEL: 'warn',
    });
    await waitHealthy(`http://127.0.0.1:${port}/api/health`, 120_000);
  } catch (error) {
    await stopAll();
    throw error;
  }
  return { base, stopAll };
}

/** Debian's chromium as every browser benchmark launches it (Playwright `launch` options). */
export const chromiumLaunch = { executablePath: chromiumPath, args: chromiumFlags };

/** Signs the demo coach in at `base` through the sandbox's sign-in page (Playwright `page`). */
export async function signInDemoCoach(page, base) {
  await page.goto(`${base}/`);
  await page.getByLabel('Email').fill('coach@example.com');
  await page.getByLabel('Password').fill('fitpost');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/app\/(dashboard|settings\/welcome)/, { timeout: 60_000 });
}

/** `YYYY-MM-DD` of `instant` in `timeZone`. */
export const dayIn = (instant, timeZone) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    instant,
  );

/** JSON from a control endpoint; throws with the body on a non-2xx answer. */
export async function json(url, init) {
  let res;
  try {
    res = await fetch(url, init);
  } catch (err) {
    // A keep-alive socket the server closed just as it was reused (seen on a loaded machine): once more.
    if (err?.cause?.code !== 'UND_ERR_SOCKET') throw err;
    res = await fetch(url, init);
  }
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return res.status === 204 ? null : res.json();
}

/** The sandbox's own capacity for `POST /rest/posts` (LinkedIn), the limit a publishing benchmark can reach. */
export async function sandboxCapacity(sandboxUrl, concurrency) {
  const { accounts } = await json(`${sandboxUrl}/_sandbox/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ network: 'linkedin', count: 1, prefix: `cap${Date.now()}` }),
  });
  const a = accounts[0];
  let n = 0;
  const r = await autocannon({
    url: `${sandboxUrl}/linkedin/api/rest/posts`,
    connections: concurrency,
    duration: 10,
    requests: [
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${a.accessToken}`,
          'content-type': 'application/json',
          'linkedin-version': '202610',
          'x-restli-protocol-version': '2.0.0',
        },
        setupRequest: (req) => ({
          ...req,
          body: JSON.stringify({
            author: a.urn,
            commentary: `capacity ${n++}`,
            visibility: 'PUBLIC',
            distribution: { feedDistribution: 'MAIN_FEED' },
            lifecycleState: 'PUBLISHED',
          }),
        }),
      },
    ],
  });
  return `Sandbox capacity (autocannon, ${concurrency} connections, 10 s, \`POST /rest/posts\`): ${Math.round(r.requests.average)} requests/s, p99 ${r.latency.p99} ms, ${r.non2xx} non-2xx.`;
}

/** autocannon against one URL: requests per second, p50 and p99 latency, errors (incl. non-2xx). */
export async function cannon(url, headers, { connections = 32, seconds = 10 } = {}) {
  const r = await autocannon({ url, headers, connections, duration: seconds, pipelining: 1 });
  return {
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.non2xx,
  };
}

/** A demo member's bearer token: an ID token from the sandbox, traded at `GET /api/user/verify`. */
export async function memberToken(apiBase, sandboxUrl, email) {
  const minted = await json(`${sandboxUrl}/_sandbox/id-token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  const verified = await json(
    `${apiBase}/api/user/verify?alias=1&token=${encodeURIComponent(minted.id_token)}`,
  );
  return verified.token;
}

/**
 * Waits until the sandbox has accepted `total` posts (polling its cheap count, so the poll does
 * not compete with the measured workers for the CPU), or until `deadline` (epoch ms); then
 * returns the accepted posts (of `network` when given).
 */
export async function waitForPublished(sandboxUrl, { total, deadline, network, pollMs = 500 }) {
  while (Date.now() < deadline) {
    const count = await json(`${sandboxUrl}/_sandbox/published/count`);
    if ((network ? count.networks[network] : count.total) >= total) break;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  return json(`${sandboxUrl}/_sandbox/published${network ? `?network=${network}` : ''}`);
}
