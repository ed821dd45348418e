// One test that always passes and one that fails every other run: the counter lives in the file
// REPEAT_FIXTURE_COUNTER names, which the test of `npm run test:repeat` makes anew.
import { readFileSync, writeFileSync } from 'node:fs';
import { expect, it } from 'vitest';

it('always passes', () => {
  expect(1 + 1).toBe(2);
});

it('fails one time in two', () => {
  const file = process.env.REPEAT_FIXTURE_COUNTER;
  if (!file) throw new Error('REPEAT_FIXTURE_COUNTER is not set');
  const run = Number(readFileSync(file, 'utf8')) + 1;
  writeFileSync(file, String(run));
  expect(run % 2).toBe(1);
});
