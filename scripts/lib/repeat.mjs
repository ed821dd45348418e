// What `npm run test:repeat` reads from each run's report, and how it judges the runs together.
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Map of test → 'passed' | 'failed' | 'skipped' from a vitest JSON report. */
export function vitestOutcomes(reportFile) {
  const report = JSON.parse(readFileSync(reportFile, 'utf8'));
  const outcomes = new Map();
  for (const file of report.testResults) {
    const rel = path.relative(process.cwd(), file.name);
    for (const t of file.assertionResults) {
      const status = t.status === 'passed' ? 'passed' : t.status === 'failed' ? 'failed' : 'skipped';
      outcomes.set(`${rel} › ${t.fullName}`, status);
    }
    // A file that failed before its tests ran (an import error, a failing beforeAll) has no results.
    if (file.assertionResults.length === 0 && file.status === 'failed')
      outcomes.set(`${rel} › (file)`, 'failed');
  }
  return outcomes;
}

/** Map of test → outcome from a Playwright JSON report; a test retried into a pass counts as failed. */
export function playwrightOutcomes(reportFile) {
  const report = JSON.parse(readFileSync(reportFile, 'utf8'));
  const outcomes = new Map();
  const visit = (suite, titles) => {
    const here = suite.title && !suite.title.endsWith('.ts') ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests) {
        const key = `e2e/${spec.file} › ${[...here, spec.title].join(' › ')}${t.projectName ? ` [${t.projectName}]` : ''}`;
        const status = t.status === 'expected' ? 'passed' : t.status === 'skipped' ? 'skipped' : 'failed';
        outcomes.set(key, status);
      }
    }
    for (const child of suite.suites ?? []) visit(child, here);
  };
  for (const suite of report.suites ?? []) visit(suite, []);
  return outcomes;
}

/**
 * Judges several runs of the same tests: `flaky` are the tests whose outcome was not the same in
 * every run (missing from a run counts as a different answer), `failing` the ones that failed in
 * every run, `stable` how many gave one answer throughout.
 */
export function judgeRuns(runs) {
  const names = new Set(runs.flatMap((run) => [...run.keys()]));
  const flaky = [];
  const failing = [];
  let stable = 0;
  for (const name of [...names].sort()) {
    const answers = runs.map((run) => run.get(name) ?? 'missing');
    if (new Set(answers).size > 1) flaky.push({ name, answers });
    else if (answers[0] === 'failed') failing.push(name);
    else stable += 1;
  }
  return { tests: names.size, stable, flaky, failing };
}
