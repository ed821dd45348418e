// Cold start of the built embedded demo (`npm start --no-build` path): sandbox + server with a
// fresh PGlite (migrations and seed included) and with an existing one, to a healthy /api/health;
// then the demo's memory at rest after a member signs in (`benchMemoryAtRest`, also
// `npm run bench memory`). BENCH_PORT / BENCH_SANDBOX_PORT move the two ports (3210, 4210);
// BENCH_REST_SECONDS (60) is how long the server is watched at rest.
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { signInAt } from '../apps/sandbox/dist/testing.js';
import { demoServerProcess } from '../scripts/lib/demo-server.mjs';
import { peakRssMiB, rssMiB, startNode, stop, table, waitHealthy } from './lib.mjs';

const port = Number(process.env.BENCH_PORT ?? 3210);
const sandboxPort = Number(process.env.BENCH_SANDBOX_PORT ?? 4210);
const restSeconds = Number(process.env.BENCH_REST_SECONDS ?? 60);
const dataDir = '.tmp/bench-startup';

async function once(fresh) {
  if (fresh) rmSync(dataDir, { recursive: true, force: true });
  const t0 = performance.now();
  const sandbox = startNode('apps/sandbox/dist/main.js', {
    SANDBOX_PORT: String(sandboxPort),
    SANDBOX_REDIRECT_URIS: `http://localhost:${port}/oauth`,
  });
  await waitHealthy(`http://127.0.0.1:${sandboxPort}/_sandbox/health`);
  const server = startNode('apps/server/dist/main.js', {
    PORT: String(port),
    SANDBOX_PORT: String(sandboxPort),
    FITPOST_DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  });
  await waitHealthy(`http://127.0.0.1:${port}/api/health`);
  const ms = performance.now() - t0;
  const rss = { server: rssMiB(server.pid), sandbox: rssMiB(sandbox.pid) };
  await Promise.all([stop(server), stop(sandbox)]);
  return { ms, rss };
}

const mib = (bytes) => Math.round(bytes / 2 ** 20);

/**
 * Where a process's resident memory sits, from /proc/<pid>/smaps, in MiB: the largest anonymous
 * mapping (the WebAssembly memory of PGlite, reserved whole and resident where PostgreSQL touched
 * it), the other anonymous mappings (V8's heap spaces and compiled code, thread stacks), the C heap
 * (`[heap]`: malloc, where libvips and the native modules allocate) and the mapped files (code).
 */
export function memoryMap(pid) {
  const parts = { largestAnon: 0, largestAnonSize: 0, otherAnon: 0, cHeap: 0, files: 0 };
  let name = '';
  let size = 0;
  const anon = [];
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const head = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      name = head[1] ?? '';
      continue;
    }
    if (line.startsWith('Size:')) size = Number(line.replace(/\D+/g, '')) * 1024;
    if (!line.startsWith('Rss:')) continue;
    const rss = Number(line.replace(/\D+/g, '')) * 1024;
    if (name === '[heap]') parts.cHeap += rss;
    else if (name === '' || name.startsWith('[anon')) anon.push({ rss, size });
    else if (!name.startsWith('[')) parts.files += rss;
    else parts.otherAnon += rss;
    if (process.env.BENCH_MEMORY_DETAIL && rss > 2 ** 20)
      console.log('mapping', name || '(anon)', mib(rss), '/', mib(size));
  }
  anon.sort((a, b) => b.rss - a.rss);
  if (process.env.BENCH_MEMORY_DETAIL)
    console.log(
      'anonymous mappings (resident / size MiB):',
      anon
        .slice(0, 24)
        .map((a) => `${mib(a.rss)}/${mib(a.size)}`)
        .join(' '),
    );
  parts.largestAnon = anon[0]?.rss ?? 0;
  parts.largestAnonSize = anon[0]?.size ?? 0;
  parts.otherAnon += anon.slice(1).reduce((sum, a) => sum + a.rss, 0);
  return Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, mib(v)]));
}

/** The server's own view: V8's heap and external memory, from its /metrics (prom-client). */
async function heapFigures(base, token) {
  const text = await (
    await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}` } })
  ).text();
  const value = (metric) =>
    Number(new RegExp(`^(?:fitpost_)?${metric}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
  return {
    heapUsed: mib(value('nodejs_heap_size_used_bytes')),
    heapTotal: mib(value('nodejs_heap_size_total_bytes')),
    external: mib(value('nodejs_external_memory_bytes')),
  };
}

/** A member's whole sign-in as a browser makes it: authorize, the sandbox's form, the callback, /me. */
async function signInMember(base, email) {
  const host = new URL(base).host;
  const started = await fetch(`${base}/api/auth/authorize?host=${host}`);
  const cookie = started.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { url } = await started.json();
  const back = await signInAt(url, `${base}/oauth`, email);
  const res = await fetch(`${base}/api/auth/callback`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({
      code: back.searchParams.get('code'),
      state: back.searchParams.get('state'),
      iss: back.searchParams.get('iss') ?? undefined,
      host,
    }),
  });
  const user = await res.json();
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(user)}`);
  const me = await fetch(`${base}/api/user/me`, { headers: { authorization: `Bearer ${user.token}` } });
  if (!me.ok) throw new Error(`/api/user/me answered ${me.status}`);
  await me.arrayBuffer();
}

/**
 * The demo as `npm start` runs it (API and worker in one process, PGlite in a fresh data
 * directory, the demo seed, email to the sandbox's catcher), a member signed in, then watched at
 * rest: resident memory every 5 s for `seconds`, and where it sits at the end. `env` adds to the
 * server's environment (to compare settings). Returns the figures, with the measured start's time
 * to a healthy /api/health and the kernel's peak (VmHWM) since it began.
 */
export async function memoryAtRest({ seconds = restSeconds, env = {}, fresh = true, demo = true } = {}) {
  const base = `http://localhost:${port}`;
  const smtpPort = sandboxPort + 25;
  const metricsToken = randomBytes(16).toString('hex');
  const dir = `${dataDir}-memory`;
  rmSync(dir, { recursive: true, force: true });
  const sandbox = startNode('apps/sandbox/dist/main.js', {
    SANDBOX_PORT: String(sandboxPort),
    SANDBOX_SMTP_PORT: String(smtpPort),
    SANDBOX_REDIRECT_URIS: `${base}/oauth`,
  });
  // Started as `npm start` starts it (scripts/lib/demo-server.mjs), unless `demo: false`.
  const demoProcess = demo ? demoServerProcess({ ...process.env, ...env }) : { execArgv: [], env: {} };
  let startMs = 0;
  const startServer = async () => {
    const t0 = performance.now();
    const child = startNode(
      'apps/server/dist/main.js',
      {
        ...demoProcess.env,
        PORT: String(port),
        SANDBOX_PORT: String(sandboxPort),
        FITPOST_DATA_DIR: dir,
        FITPOST_PUBLIC_URL: base,
        FITPOST_PUBLIC_HOSTS: `localhost:${port}`,
        FITPOST_SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        FITPOST_MAIL_FROM: 'FitPost <no-reply@fitpost.example>',
        FITPOST_METRICS_TOKEN: metricsToken,
        LOG_LEVEL: 'warn',
        ...env,
      },
      demoProcess.execArgv,
    );
    await waitHealthy(`http://127.0.0.1:${port}/api/health`, 180_000);
    startMs = performance.now() - t0;
    return child;
  };
  let server;
  try {
    await waitHealthy(`http://127.0.0.1:${sandboxPort}/_sandbox/health`);
    // A later start: the first one migrates and seeds ./data, the measured one reuses it.
    if (!fresh) await stop(await startServer());
    server = await startServer();
    const healthy = rssMiB(server.pid);
    await signInMember(base, 'coach@example.com');
    const signedIn = rssMiB(server.pid);
    const samples = [];
    for (let t = 5; t <= seconds; t += 5) {
      await sleep(5000);
      samples.push(rssMiB(server.pid));
    }
    return {
      healthy,
      signedIn,
      samples,
      peak: Math.max(healthy, signedIn, ...samples),
      // The kernel's peak since the start, which a read every 5 s misses when it is brief.
      highWater: peakRssMiB(server.pid),
      startMs,
      atRest: samples.at(-1) ?? signedIn,
      map: memoryMap(server.pid),
      heap: await heapFigures(base, metricsToken),
    };
  } finally {
    if (server) await stop(server);
    await stop(sandbox);
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * `npm run bench memory`: the demo's memory at rest after a sign-in, at its first start (migrate
 * and seed, the graphics drawn) and at a later one, each beside the same server with Node's and
 * PGlite's defaults (no demo settings) in the same run: a Markdown table.
 */
export async function benchMemoryAtRest() {
  const rows = [];
  for (const demo of [true, false])
    for (const fresh of [true, false]) {
      const r = await memoryAtRest({ demo, fresh });
      const m = r.map;
      rows.push(
        `| ${demo ? '`npm start` (scripts/lib/demo-server.mjs)' : 'defaults (reference)'} | ${fresh ? 'first' : 'later'} | ${r.peak} MiB | **${r.atRest} MiB** | ${m.largestAnon} / ${m.largestAnonSize} MiB | ${m.otherAnon} MiB | ${m.cHeap} MiB | ${m.files} MiB | ${r.heap.heapUsed} / ${r.heap.heapTotal} MiB |`,
      );
    }
  return [
    `The built demo server (API + worker, PGlite, demo seed), \`coach@example.com\` signed in through the sandbox and \`GET /api/user/me\` answered, then ${restSeconds} s at rest (VmRSS every 5 s; "at rest" is the last). A first start migrates and seeds a fresh data directory (drawing the library's graphics with sharp); a later one reuses it.`,
    '',
    ...table(
      [
        'server',
        'start',
        'peak',
        'at rest',
        'largest anonymous mapping (PGlite): resident / reserved',
        'other anonymous (V8 heap, compiled WebAssembly)',
        'C heap (malloc)',
        'mapped files',
        'V8 heap used / total',
      ],
      rows,
    ),
  ].join('\n');
}

export async function benchStartup() {
  const rows = [];
  for (const fresh of [true, false, false]) {
    const r = await once(fresh);
    rows.push(
      `| ${fresh ? 'fresh ./data (migrate + seed)' : 'existing ./data'} | ${Math.round(r.ms)} ms | ${r.rss.server} MiB | ${r.rss.sandbox} MiB |`,
    );
  }
  rmSync(dataDir, { recursive: true, force: true });
  return [
    '| start | to healthy /api/health | server RSS | sandbox RSS |',
    '| --- | --- | --- | --- |',
    ...rows,
    '',
    await benchMemoryAtRest(),
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await benchStartup());
