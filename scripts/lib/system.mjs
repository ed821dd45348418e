// Debian packages the test run and benchmarks need, installed with apt when we are root.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

const chromiumPath = '/usr/bin/chromium';
export const haproxyPath = '/usr/sbin/haproxy';

/** The newest PostgreSQL server binaries on this machine (Debian keeps them off PATH). */
export function postgresBinDir() {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(`${root}/${v}/bin/initdb`))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? `${root}/${versions[0]}/bin` : null;
}

/**
 * Makes sure chromium and PostgreSQL (and, for bench/scale.mjs, HAProxy) are installed; installs
 * them as root, otherwise says what to install.
 */
export function ensureSystemPackages({ chromium = true, postgres = true, haproxy = false } = {}) {
  const missing = [];
  if (chromium && !existsSync(chromiumPath)) missing.push('chromium');
  if (postgres && !postgresBinDir()) missing.push('postgresql');
  if (haproxy && !existsSync(haproxyPath)) missing.push('haproxy');
  if (missing.length === 0) return;
  const isRoot = process.getuid?.() === 0;
  if (!isRoot) {
    console.error(`FitPost's tests need these Debian packages: ${missing.join(' ')}`);
    console.error(`Install them with: sudo apt-get install -y ${missing.join(' ')}`);
    process.exit(1);
  }
  console.log(`Installing ${missing.join(', ')} with apt…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const result = spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], {
    stdio: 'inherit',
    env,
  });
  if (result.status !== 0) {
    console.error(`apt-get install ${missing.join(' ')} failed`);
    process.exit(1);
  }
}
