import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { judgeRuns } from '../lib/repeat.mjs';

describe('npm run test:repeat', () => {
  it('reports a test that fails one time in two as flaky, and passes the steady one', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'fitpost-repeat-'));
    const counter = path.join(dir, 'counter');
    writeFileSync(counter, '0');
    try {
      const res = spawnSync(
        process.execPath,
        [
          'scripts/test-repeat.mjs',
          'flaky.fixture',
          '2',
          '--burn',
          '0',
          '--config',
          'scripts/test-fixtures/repeat/vitest.config.mjs',
        ],
        { encoding: 'utf8', env: { ...process.env, REPEAT_FIXTURE_COUNTER: counter } },
      );
      expect(res.stdout).toMatch(/FLAKY {2}\S*flaky\.fixture\.mjs › fails one time in two: passed, failed/);
      expect(res.stdout).not.toMatch(/FLAKY .*always passes/);
      expect(res.stdout).toMatch(/2 tests, 2 runs under 0 busy loop\(s\): 1 gave one answer every time\./);
      expect(res.status).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('judges runs: a different answer or a missing test is flaky; failing every time is failing', () => {
    const run = (entries) => new Map(entries);
    const verdict = judgeRuns([
      run([
        ['a', 'passed'],
        ['b', 'passed'],
        ['c', 'failed'],
        ['d', 'passed'],
      ]),
      run([
        ['a', 'passed'],
        ['b', 'failed'],
        ['c', 'failed'],
      ]),
    ]);
    expect(verdict.tests).toBe(4);
    expect(verdict.stable).toBe(1);
    expect(verdict.flaky).toEqual([
      { name: 'b', answers: ['passed', 'failed'] },
      { name: 'd', answers: ['passed', 'missing'] },
    ]);
    expect(verdict.failing).toEqual(['c']);
  });
});
