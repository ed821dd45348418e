// Per-file timings from the runners' JSON reports: the slowest files of each step, written to
// .tmp/reports/slowest.md (and printed), so a slow or growing file is found without guessing.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const rel = (file) => path.relative(process.cwd(), file) || file;

/** [{ file, ms, tests, failed }] from a vitest JSON report (one entry per test file). */
function vitestFiles(reportFile) {
  const report = JSON.parse(readFileSync(reportFile, 'utf8'));
  return report.testResults.map((r) => ({
    file: rel(r.name),
    ms: Math.max(0, (r.endTime ?? 0) - (r.startTime ?? 0)),
    tests: r.assertionResults.length,
    failed: r.assertionResults.filter((a) => a.status === 'failed').length,
  }));
}

/** [{ file, ms, tests, failed }] from a Playwright JSON report: each spec file's tests' durations summed. */
function playwrightFiles(reportFile) {
  const report = JSON.parse(readFileSync(reportFile, 'utf8'));
  const byFile = new Map();
  const visit = (suite) => {
    for (const spec of suite.specs ?? []) {
      const entry = byFile.get(spec.file) ?? {
        file: path.join('e2e', spec.file),
        ms: 0,
        tests: 0,
        failed: 0,
      };
      for (const test of spec.tests) {
        entry.tests += 1;
        for (const result of test.results) entry.ms += result.duration;
        if (test.status === 'unexpected' || test.status === 'flaky') entry.failed += 1;
      }
      byFile.set(spec.file, entry);
    }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of report.suites ?? []) visit(suite);
  return [...byFile.values()];
}

const seconds = (ms) => (ms / 1000).toFixed(1);

/** A Markdown table of the `top` slowest files. */
function slowestTable(files, top = 20) {
  const sorted = [...files].sort((a, b) => b.ms - a.ms).slice(0, top);
  const total = files.reduce((sum, f) => sum + f.ms, 0);
  return [
    `${files.length} files, ${seconds(total)} s in all (summed over workers)`,
    '',
    '| file | s | tests |',
    '| --- | ---: | ---: |',
    ...sorted.map(
      (f) => `| ${f.file} | ${seconds(f.ms)} | ${f.tests}${f.failed ? ` (${f.failed} failed)` : ''} |`,
    ),
  ].join('\n');
}

/**
 * Writes `${dir}/slowest.md` from whichever reports exist: `sources` is [{ title, file, kind }] with
 * kind 'vitest' or 'playwright'. Returns the text.
 */
export function writeSlowestReport(dir, sources, top = 20) {
  const sections = [];
  for (const { title, file, kind } of sources) {
    if (!existsSync(file)) continue;
    const files = kind === 'vitest' ? vitestFiles(file) : playwrightFiles(file);
    sections.push(
      `## ${title}: the ${Math.min(top, files.length)} slowest files\n\n${slowestTable(files, top)}\n`,
    );
  }
  const text = sections.join('\n');
  writeFileSync(path.join(dir, 'slowest.md'), `# Slowest test files\n\n${text}`);
  return text;
}
