// A throwaway PostgreSQL cluster on a loopback port, for tests and benchmarks.
import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, chownSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { postgresBinDir } from './system.mjs';

const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

/**
 * initdb + pg_ctl start in a temporary directory. PostgreSQL refuses to run as root, so as root
 * the cluster belongs to the `postgres` system user (created by the Debian package).
 * `keepDir`: the cluster lives in that directory instead and is kept when stopped; a directory
 * that already holds one is started again as it was (`reused: true`), so a benchmark seeds once.
 * Returns { url, reused, stop() }.
 */
export async function startPostgres({ settings = {}, keepDir } = {}) {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL is not installed (apt-get install postgresql)');
  if (keepDir) mkdirSync(keepDir, { recursive: true });
  const dir = keepDir ? path.resolve(keepDir) : mkdtempSync(path.join(os.tmpdir(), 'fitpost-pg-'));
  const data = path.join(dir, 'data');
  const reused = Boolean(keepDir) && existsSync(path.join(data, 'PG_VERSION'));
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  const run = (cmd, args) => {
    const full = path.join(bin, cmd);
    const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', full, ...args]] : [full, args];
    const res = spawnSync(file, argv, { encoding: 'utf8' });
    if (res.status !== 0) throw new Error(`${cmd} failed: ${res.stderr || res.stdout}`);
  };
  if (asRoot) {
    const pw = execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim();
    const gid = execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim();
    chownSync(dir, Number(pw), Number(gid));
  }
  if (!reused) run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-sync']);
  const conf = {
    listen_addresses: "'127.0.0.1'",
    port,
    unix_socket_directories: `'${dir}'`,
    max_connections: 200,
    shared_buffers: "'256MB'",
    synchronous_commit: 'off',
    full_page_writes: 'off',
    fsync: 'off',
    ...settings,
  };
  // Later settings win: append ours to the generated configuration (once).
  if (!reused)
    appendFileSync(
      path.join(data, 'postgresql.conf'),
      `\n${Object.entries(conf)
        .map(([k, v]) => `${k} = ${v}`)
        .join('\n')}\n`,
    );
  // `-o -p`: a reused cluster takes this run's free port (its configuration keeps the first one's).
  run('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-o', `-p ${port}`, '-w', 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    reused,
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      } finally {
        if (!keepDir) rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
