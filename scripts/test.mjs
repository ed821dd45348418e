// `npm test`: every check the project has, each step started as soon as what it needs has passed
// and one of the host's two cores is free (scripts/lib/schedule.mjs; docs/testing.md):
//
//   the contract's build (test processes import it), then
//   build ──→ Playwright (needs only the build)      unit + API tests on PGlite (vitest, 2 workers)
//   API tests on PostgreSQL (the cluster starts at once)   lint, typecheck, format, size
//
// in that order of priority: the longest chains first. A failed step stops further steps from
// starting; the running ones finish. Prints the host's speed first and, at the end, every step's
// start, wall and CPU time, with the 20 slowest test files per runner in .tmp/reports/slowest.md.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { hostSpeedIndex } from './lib/host-speed.mjs';
import { startPostgres } from './lib/postgres.mjs';
import { runScheduled } from './lib/schedule.mjs';
import { ensureSystemPackages } from './lib/system.mjs';
import { serverDatabaseTests } from './lib/test-files.mjs';
import { writeSlowestReport } from './lib/timing-report.mjs';

const reports = '.tmp/reports';
rmSync(reports, { recursive: true, force: true });
mkdirSync(`${reports}/logs`, { recursive: true });

const speedAtStart = hostSpeedIndex();
console.log(`Host speed index ${speedAtStart.index} (Lighthouse's benchmarkIndex method; docs/testing.md)`);
const runStarted = Date.now();
const loadAtStart = os.loadavg()[0].toFixed(1);

/** Every step run: { title, startedAt, secs, cpu, ok }. */
const steps = [];
/** Whether a step is printing to the terminal now: only one at a time does. */
let livePrinting = false;

/** User + system seconds of the shell's children, from its `times` (POSIX): the step's CPU time. */
function childCpuSeconds(timesOutput) {
  const secs = [...timesOutput.matchAll(/(\d+)m([\d.]+)s/g)].map((m) => Number(m[1]) * 60 + Number(m[2]));
  return secs.length === 4 ? secs[2] + secs[3] : null;
}

/**
 * Runs one step, through `sh` so that its CPU time (every process it started and waited for) is
 * known. A `live` step prints as it goes when no other step is printing; any other writes to a log
 * file, shown whole if the step fails (two steps printing at once would interleave line by line).
 */
function step(title, cmd, args, { env = {}, live = false } = {}) {
  const started = Date.now();
  const log = `${reports}/logs/${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.log`;
  const printing = live && !livePrinting;
  if (printing) livePrinting = true;
  console.log(`▶ ${title}${printing ? '' : ` (output in ${log})`}`);
  return new Promise((resolve) => {
    const child = spawn('sh', ['-c', '"$@"; s=$?; times >&3; exit $s', 'sh', cmd, ...args], {
      stdio: [
        printing ? 'inherit' : 'ignore',
        printing ? 'inherit' : 'pipe',
        printing ? 'inherit' : 'pipe',
        'pipe',
      ],
      env: { ...process.env, ...env },
    });
    if (!printing) {
      const out = createWriteStream(log);
      child.stdout.pipe(out);
      child.stderr.pipe(out);
    }
    let times = '';
    child.stdio[3].on('data', (chunk) => (times += chunk));
    child.on('close', (code) => {
      if (printing) livePrinting = false;
      const secs = (Date.now() - started) / 1000;
      const ok = code === 0;
      steps.push({ title, startedAt: (started - runStarted) / 1000, secs, cpu: childCpuSeconds(times), ok });
      if (!ok && !printing) process.stdout.write(readFileSync(log, 'utf8'));
      console.log(`${ok ? '✔' : '✖'} ${title} (${secs.toFixed(1)} s)`);
      resolve(ok);
    });
  });
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

function finish(ok, notRun = []) {
  const slowest = writeSlowestReport(reports, [
    { title: 'Unit and API tests on PGlite', file: `${reports}/vitest-pglite.json`, kind: 'vitest' },
    { title: 'API tests on PostgreSQL', file: `${reports}/vitest-postgres.json`, kind: 'vitest' },
    { title: 'End-to-end tests', file: `${reports}/playwright.json`, kind: 'playwright' },
  ]);
  if (slowest) console.log(`\n${slowest}`);
  const speedAtEnd = hostSpeedIndex();
  const wall = (Date.now() - runStarted) / 1000;
  const cpu = steps.reduce((sum, s) => sum + (s.cpu ?? 0), 0);
  console.log('\n| step | started at s | s | CPU s | result |\n| --- | ---: | ---: | ---: | --- |');
  for (const s of steps)
    console.log(
      `| ${s.title} | ${s.startedAt.toFixed(1)} | ${s.secs.toFixed(1)} | ${s.cpu?.toFixed(1) ?? '—'} | ${s.ok ? 'passed' : 'FAILED'} |`,
    );
  for (const title of notRun) console.log(`| ${title} | — | — | — | not run |`);
  const load = os.loadavg()[0].toFixed(1);
  console.log(
    `| whole run | — | ${wall.toFixed(1)} | ${cpu.toFixed(1)} | host speed index ${speedAtStart.index} at the start, ${speedAtEnd.index} at the end; load average ${loadAtStart} → ${load} |`,
  );
  const { passed, failed } = countPassedFailed();
  console.log(`\n${passed} passed, ${failed} failed`);
  process.exit(ok ? 0 : 1);
}

ensureSystemPackages();

let postgres = null;
const contract = 'Build the contract (server processes in tests import it)';
// Two steps at a time: a 2-core host's cores (TEST_SLOTS for a bigger one).
const slots = Number(process.env.TEST_SLOTS ?? 2);
const { ok, notRun } = await runScheduled(
  [
    // Tests that start the server as a process (crash drills, start-up and shutdown checks) run its
    // sources through tsx, which imports the contract as a package.
    { name: contract, run: () => step(contract, 'npx', ['tsc', '-b', 'packages/contract']) },
    // The end-to-end tests need only the build: it goes first, and Playwright, the longest step,
    // takes the first core free after it.
    { name: 'Build', needs: [contract], run: () => step('Build', 'npm', ['run', '--silent', 'build']) },
    {
      name: 'PGlite',
      needs: [contract],
      run: () =>
        step('Unit and API tests on PGlite', 'npx', vitest('vitest-pglite.json', []), { live: true }),
    },
    {
      name: 'Playwright',
      needs: ['Build'],
      run: () =>
        step('End-to-end tests (Playwright, chromium)', 'npx', ['playwright', 'test'], {
          env: { PLAYWRIGHT_JSON_OUTPUT_NAME: `${reports}/playwright.json` },
          live: true,
        }),
    },
    // initdb and the server's start take a few seconds and no core to speak of (listed after the
    // steps above so that they are spawned before initdb, which runs synchronously, starts).
    {
      name: 'PostgreSQL cluster',
      needs: [contract],
      slots: 0,
      run: async () => {
        postgres = await startPostgres();
        return true;
      },
    },
    {
      name: 'PostgreSQL',
      needs: [contract, 'PostgreSQL cluster'],
      run: () =>
        step(
          'API tests on PostgreSQL',
          'npx',
          vitest('vitest-postgres.json', ['--project=server', ...serverDatabaseTests()]),
          { env: { TEST_DATABASE_URL: postgres.url } },
        ).finally(() => postgres.stop()),
    },
    {
      name: 'Lint',
      needs: [contract],
      run: () => step('Lint (eslint, type-aware)', 'npx', ['eslint', '--max-warnings=0', '.']),
    },
    // After the build, whose TypeScript projects it then finds built (tsc -b).
    {
      name: 'Typecheck',
      needs: ['Build'],
      run: () => step('Typecheck', 'npm', ['run', '--silent', 'typecheck']),
    },
    {
      name: 'Format',
      needs: [contract],
      run: () => step('Format (prettier --check)', 'npx', ['prettier', '--check', '--log-level=warn', '.']),
    },
    // The dashboard's first-load JavaScript against its budget (apps/web/scripts/initial-js.mjs).
    {
      name: 'Size',
      needs: ['Build'],
      run: () => step('Bundle size (npm run size)', 'npm', ['run', '--silent', 'size']),
    },
  ],
  { slots },
);
if (postgres && notRun.includes('PostgreSQL')) postgres.stop();
finish(ok, notRun);
