// Cold start of the built embedded demo (`npm start --no-build` path): sandbox + server with a
// fresh PGlite (migrations and seed included) and with an existing one, to a healthy /api/health.
import { rmSync } from 'node:fs';
import { rssMiB, startNode, stop, waitHealthy } from './lib.mjs';

const port = 3210;
const sandboxPort = 4210;
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
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await benchStartup());
