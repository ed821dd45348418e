// `npx node scripts/e2e-workers-bench.mjs [--alone] <workers…>`: how long the end-to-end tests take
// on each number of Playwright workers (E2E_WORKERS), either as `npm test`'s phase 2 runs them —
// beside the server's database tests on PostgreSQL — or with `--alone`, Playwright by itself. Each
// run prints its time, whether it passed and the host speed index before it (docs/testing.md keeps
// the figures that chose the default). Build first; set E2E_PORT and E2E_SANDBOX_PORT beside
// another checkout.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync } from 'node:fs';
import { hostSpeedIndex } from './lib/host-speed.mjs';
import { startPostgres } from './lib/postgres.mjs';
import { serverDatabaseTests } from './lib/test-files.mjs';

const args = process.argv.slice(2);
const alone = args.includes('--alone');
const counts = args.filter((a) => a !== '--alone').map(Number);
if (counts.length === 0 || counts.some((n) => !Number.isInteger(n) || n < 1)) {
  console.error('Usage: npx node scripts/e2e-workers-bench.mjs [--alone] <workers ≥ 1>…');
  process.exit(2);
}
if (!existsSync('apps/web/dist/index.html')) {
  console.error('The end-to-end tests run the built app: npm run build first.');
  process.exit(2);
}

const logs = '.tmp/reports/logs';
mkdirSync(logs, { recursive: true });

/** Runs a command, its output to `.tmp/reports/logs/<log>.log`; resolves to { ok, secs }. */
function timed(log, cmd, argv, env) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, argv, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    const out = createWriteStream(`${logs}/${log}.log`);
    child.stdout.pipe(out);
    child.stderr.pipe(out);
    child.on('close', (code) => resolve({ ok: code === 0, secs: (Date.now() - started) / 1000 }));
  });
}

const results = [];
for (const workers of counts) {
  const speed = hostSpeedIndex().index;
  const started = Date.now();
  const pg = alone ? null : await startPostgres();
  const [postgres, e2e] = await Promise.all([
    pg
      ? timed(
          `e2e-workers-${workers}-postgres`,
          'npx',
          ['vitest', 'run', '--project=server', ...serverDatabaseTests()],
          {
            TEST_DATABASE_URL: pg.url,
          },
        ).finally(() => pg.stop())
      : null,
    timed(`e2e-workers-${workers}-playwright`, 'npx', ['playwright', 'test', '--reporter=dot'], {
      E2E_WORKERS: String(workers),
      PLAYWRIGHT_JSON_OUTPUT_NAME: `.tmp/reports/e2e-workers-${workers}.json`,
    }),
  ]);
  const row = {
    workers,
    speed,
    e2e: `${e2e.secs.toFixed(0)} s${e2e.ok ? '' : ' (failed)'}`,
    postgres: postgres ? `${postgres.secs.toFixed(0)} s${postgres.ok ? '' : ' (failed)'}` : '—',
    phase: `${((Date.now() - started) / 1000).toFixed(0)} s`,
  };
  console.log(JSON.stringify(row));
  results.push(row);
}
console.table(results);
