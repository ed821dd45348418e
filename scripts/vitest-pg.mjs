// `node scripts/vitest-pg.mjs [vitest args…]`: runs vitest's server project against a throwaway
// PostgreSQL 15 cluster (as `npm test` does), for checking one file on PostgreSQL by hand.
import { spawnSync } from 'node:child_process';
import { startPostgres } from './lib/postgres.mjs';

const pg = await startPostgres();
let status = 1;
try {
  const res = spawnSync('npx', ['vitest', 'run', '--project=server', ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, TEST_DATABASE_URL: pg.url },
  });
  status = res.status ?? 1;
} finally {
  pg.stop();
}
process.exit(status);
