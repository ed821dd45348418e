// `npm test`: every check the project has, in two lanes so both cores stay busy (docs/testing.md).
//
//   first:  the contract's build (test processes import it)
//   lane 1: unit + API tests on PGlite (vitest, 2 workers) ─┐ then: API tests on PostgreSQL
//   lane 2: format → lint → typecheck → build → size ───────┘ then: Playwright (needs the build)
//
// Each phase starts when both lanes of the one before have finished; a failed step stops the run
// after its phase. Prints the host's speed first and a table of every step's time at the end,
// with the 20 slowest test files per runner in .tmp/reports/slowest.md.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { hostSpeedIndex } from './lib/host-speed.mjs';
import { startPostgres } from './lib/postgres.mjs';
import { ensureSystemPackages } from './lib/system.mjs';
import { serverDatabaseTests } from './lib/test-files.mjs';
import { writeSlowestReport } from './lib/timing-report.mjs';

const reports = '.tmp/reports';
rmSync(reports, { recursive: true, force: true });
mkdirSync(`${reports}/logs`, { recursive: true });

const speedAtStart = hostSpeedIndex();
console.log(`Host speed index ${speedAtStart.index} (Lighthouse's benchmarkIndex method; docs/testing.md)`);
const runStarted = Date.now();

/** Every step run: { title, secs, ok, lane }. */
const steps = [];

/**
 * Runs one step. `live` steps print as they go; the others write to a log file, shown whole if
 * the step fails (two lanes printing at once would interleave line by line).
 */
function step(title, cmd, args, { env = {}, live = false, lane } = {}) {
  const started = Date.now();
  const log = `${reports}/logs/${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.log`;
  console.log(`▶ ${title}${live ? '' : ` (output in ${log})`}`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    if (!live) {
      const out = createWriteStream(log);
      child.stdout.pipe(out);
      child.stderr.pipe(out);
    }
    child.on('close', (code) => {
      const secs = (Date.now() - started) / 1000;
      const ok = code === 0;
      steps.push({ title, secs, ok, lane });
      if (!ok && !live) process.stdout.write(readFileSync(log, 'utf8'));
      console.log(`${ok ? '✔' : '✖'} ${title} (${secs.toFixed(1)} s)`);
      resolve(ok);
    });
  });
}

/** Runs steps one after another; stops at the first failure. */
async function chain(...thunks) {
  for (const run of thunks) if (!(await run())) return false;
  return true;
}

const vitest = (report, extra) => [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${reports}/${report}`,
  ...extra,
];

function countPassedFailed() {
  const totals = { passed: 0, failed: 0 };
  for (const f of ['vitest-pglite.json', 'vitest-postgres.json']) {
    try {
      const r = JSON.parse(readFileSync(`${reports}/${f}`, 'utf8'));
      totals.passed += r.numPassedTests;
      totals.failed += r.numFailedTests;
    } catch {
      // that step did not run or did not finish; its exit code decides
    }
  }
  try {
    const pw = JSON.parse(readFileSync(`${reports}/playwright.json`, 'utf8'));
    totals.passed += pw.stats.expected;
    totals.failed += pw.stats.unexpected + pw.stats.flaky;
  } catch {
    // no end-to-end report
  }
  return totals;
}

function finish(ok) {
  const slowest = writeSlowestReport(reports, [
    { title: 'Unit and API tests on PGlite', file: `${reports}/vitest-pglite.json`, kind: 'vitest' },
    { title: 'API tests on PostgreSQL', file: `${reports}/vitest-postgres.json`, kind: 'vitest' },
    { title: 'End-to-end tests', file: `${reports}/playwright.json`, kind: 'playwright' },
  ]);
  if (slowest) console.log(`\n${slowest}`);
  const speedAtEnd = hostSpeedIndex();
  const wall = (Date.now() - runStarted) / 1000;
  console.log('\n| step | lane | s | result |\n| --- | --- | ---: | --- |');
  for (const s of steps)
    console.log(`| ${s.title} | ${s.lane} | ${s.secs.toFixed(1)} | ${s.ok ? 'passed' : 'FAILED'} |`);
  console.log(
    `| whole run | — | ${wall.toFixed(1)} | host speed index ${speedAtStart.index} at the start, ${speedAtEnd.index} at the end |`,
  );
  const { passed, failed } = countPassedFailed();
  console.log(`\n${passed} passed, ${failed} failed`);
  process.exit(ok ? 0 : 1);
}

ensureSystemPackages();

// Phase 0: the contract's build. Tests that start the server as a process (crash drills, start-up
// and shutdown checks) run its sources through tsx, which imports the contract as a package.
if (
  !(await step(
    'Build the contract (server processes in tests import it)',
    'npx',
    ['tsc', '-b', 'packages/contract'],
    { lane: 2 },
  ))
)
  finish(false);

// Phase 1: the PGlite tests beside the static checks and the build. The PostgreSQL cluster starts
// now too (initdb takes a few seconds), so phase 2 finds it ready.
const postgres = startPostgres();
const [pgliteOk, staticOk] = await Promise.all([
  step('Unit and API tests on PGlite', 'npx', vitest('vitest-pglite.json', []), { live: true, lane: 1 }),
  chain(
    () =>
      step('Format (prettier --check)', 'npx', ['prettier', '--check', '--log-level=warn', '.'], { lane: 2 }),
    () => step('Lint (eslint, type-aware)', 'npx', ['eslint', '--max-warnings=0', '.'], { lane: 2 }),
    () => step('Typecheck', 'npm', ['run', '--silent', 'typecheck'], { lane: 2 }),
    () => step('Build', 'npm', ['run', '--silent', 'build'], { lane: 2 }),
    // The dashboard's first-load JavaScript against its budget (apps/web/scripts/initial-js.mjs).
    () => step('Bundle size (npm run size)', 'npm', ['run', '--silent', 'size'], { lane: 2 }),
  ),
]);
const pg = await postgres;
if (!pgliteOk || !staticOk) {
  pg.stop();
  finish(false);
}

// Phase 2: the server's database tests again on PostgreSQL, beside the end-to-end tests.
const [postgresOk, e2eOk] = await Promise.all([
  step(
    'API tests on PostgreSQL',
    'npx',
    vitest('vitest-postgres.json', ['--project=server', ...serverDatabaseTests()]),
    {
      env: { TEST_DATABASE_URL: pg.url },
      lane: 1,
    },
  ).finally(() => pg.stop()),
  step('End-to-end tests (Playwright, chromium)', 'npx', ['playwright', 'test'], {
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: `${reports}/playwright.json` },
    live: true,
    lane: 2,
  }),
]);
finish(postgresOk && e2eOk);
