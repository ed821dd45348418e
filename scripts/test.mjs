// `npm test`: everything, in the order a reviewer would want failures reported.
// format → lint → typecheck → unit + API tests on PGlite → API tests on a real PostgreSQL
// cluster started here → build → Playwright end-to-end tests in Debian's chromium.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { startPostgres } from './lib/postgres.mjs';
import { ensureSystemPackages } from './lib/system.mjs';

const totals = { passed: 0, failed: 0 };
const reports = '.tmp/reports';
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

function step(title, cmd, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const res = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  if (res.status !== 0) throw new StepFailed(`✖ ${title} failed (${secs} s)`);
  console.log(`✔ ${title} (${secs} s)`);
}

class StepFailed extends Error {}

function countVitest(file) {
  const r = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests;
}

function finish(code) {
  try {
    for (const f of ['vitest-pglite.json', 'vitest-postgres.json']) countVitest(`${reports}/${f}`);
  } catch {
    // a step failed before writing its report; the exit code tells
  }
  try {
    const pw = JSON.parse(readFileSync(`${reports}/playwright.json`, 'utf8'));
    totals.passed += pw.stats.expected;
    totals.failed += pw.stats.unexpected + pw.stats.flaky;
  } catch {
    // no end-to-end report
  }
  console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
  process.exit(code);
}

try {
  ensureSystemPackages();
  step('Format (prettier --check)', 'npx', ['prettier', '--check', '--log-level=warn', '.']);
  step('Lint (eslint, type-aware)', 'npx', ['eslint', '--max-warnings=0', '.']);
  step('Typecheck', 'npm', ['run', '--silent', 'typecheck']);
  step('Unit and API tests on PGlite', 'npx', [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${reports}/vitest-pglite.json`,
  ]);

  const pg = await startPostgres();
  try {
    step(
      'API tests on PostgreSQL',
      'npx',
      [
        'vitest',
        'run',
        '--project=server',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${reports}/vitest-postgres.json`,
      ],
      { TEST_DATABASE_URL: pg.url },
    );
  } finally {
    pg.stop();
  }

  step('Build', 'npm', ['run', '--silent', 'build']);
  step('End-to-end tests (Playwright, chromium)', 'npx', ['playwright', 'test'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: `${reports}/playwright.json`,
  });
} catch (err) {
  if (!(err instanceof StepFailed)) throw err;
  console.error(err.message);
  finish(1);
}
finish(0);
