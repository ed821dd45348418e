// `npm run test:repeat -- <pattern> [times] [--burn N] [--config FILE]`
//
// Runs the chosen tests `times` times (3 by default) while N busy loops (1 by default) load the
// machine's cores, as a loaded CI host would, and reports every test that did not give the same
// answer each time. A pattern starting with `e2e` runs Playwright (each run on a fresh stack, as
// `npm test` does: `e2e` alone is the whole suite); any other pattern is a vitest filter (a file
// path or part of one). Exits non-zero if any test differed or failed. Reports: .tmp/reports/repeat/.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { hostSpeedIndex } from './lib/host-speed.mjs';
import { judgeRuns, playwrightOutcomes, vitestOutcomes } from './lib/repeat.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  if (i === -1) return fallback;
  const [, value] = args.splice(i, 2);
  return value;
};
const burn = Number(option('--burn', '1'));
const config = option('--config', undefined);
const [pattern, timesArg] = args;
const times = Number(timesArg ?? 3);
if (!pattern || !Number.isInteger(times) || times < 2 || !Number.isInteger(burn) || burn < 0) {
  console.error(
    'Usage: npm run test:repeat -- <e2e[/file] | vitest filter> [times ≥ 2] [--burn N] [--config FILE]',
  );
  process.exit(2);
}
const e2e = pattern === 'e2e' || pattern.startsWith('e2e/');
const dir = path.resolve('.tmp/reports/repeat');
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });

console.log(`Host speed index ${hostSpeedIndex().index} before the load`);

// The load: busy loops in child processes, each ending by itself after an hour at most and as soon
// as this script goes (their stdin closes with it).
const burners = Array.from({ length: burn }, () =>
  spawn(
    process.execPath,
    [
      '-e',
      `const end = Date.now() + 3_600_000;
       process.stdin.on('end', () => process.exit(0)).resume();
       (function spin() { const t = Date.now() + 50; while (Date.now() < t); if (Date.now() < end) setImmediate(spin); else process.exit(0); })();`,
    ],
    { stdio: ['pipe', 'ignore', 'ignore'] },
  ),
);
const stopBurners = () => burners.forEach((b) => b.kill());
process.on('exit', stopBurners);

if (e2e && !existsSync('apps/web/dist/index.html')) {
  console.error('The end-to-end tests run the built app: npm run build first.');
  process.exit(2);
}

const runs = [];
for (let i = 1; i <= times; i++) {
  const report = `${dir}/run-${i}.json`;
  const started = Date.now();
  const [cmd, argv, env] = e2e
    ? [
        'npx',
        ['playwright', 'test', ...(pattern === 'e2e' ? [] : [pattern])],
        { PLAYWRIGHT_JSON_OUTPUT_NAME: report },
      ]
    : [
        'npx',
        [
          'vitest',
          'run',
          pattern,
          ...(config ? ['--config', config] : []),
          '--reporter=dot',
          '--reporter=json',
          `--outputFile.json=${report}`,
        ],
        {},
      ];
  const res = spawnSync(cmd, argv, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  writeFileSync(`${dir}/run-${i}.log`, `${res.stdout}\n${res.stderr}`);
  let outcomes;
  try {
    outcomes = e2e ? playwrightOutcomes(report) : vitestOutcomes(report);
  } catch {
    console.error(`Run ${i} wrote no report; its output is in ${dir}/run-${i}.log`);
    outcomes = new Map([['(the whole run)', 'failed']]);
  }
  // A run that failed without a failing test (the stack did not start, a file did not load) or ran
  // nothing is a failed run, never a quiet pass.
  if ((res.status !== 0 && ![...outcomes.values()].includes('failed')) || outcomes.size === 0) {
    console.error(`Run ${i} failed as a whole; its output is in ${dir}/run-${i}.log`);
    outcomes.set('(the whole run)', 'failed');
  }
  const failed = [...outcomes.values()].filter((s) => s === 'failed').length;
  console.log(
    `Run ${i}/${times}: ${outcomes.size} tests, ${failed} failed (${((Date.now() - started) / 1000).toFixed(0)} s)`,
  );
  runs.push(outcomes);
}
stopBurners();

const { tests, stable, flaky, failing } = judgeRuns(runs);
console.log(
  `\n${tests} tests, ${times} runs under ${burn} busy loop(s): ${stable} gave one answer every time.`,
);
for (const { name, answers } of flaky) console.log(`FLAKY  ${name}: ${answers.join(', ')}`);
for (const name of failing) console.log(`FAILED every run  ${name}`);
if (flaky.length === 0 && failing.length === 0) console.log('No test differed between runs.');
process.exit(flaky.length || failing.length ? 1 : 0);
