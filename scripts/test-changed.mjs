// `npm run test:changed [-- BASE]`: the fast path for daily work. Runs the vitest tests that depend
// on a file changed since BASE (default: main; uncommitted changes included) — vitest's own
// `--changed`, which follows the import graph — then the Playwright specs that exercise a changed
// feature (see e2eSpecsFor), after a build. Not a replacement for `npm test` before a commit.
import { execFileSync, spawnSync } from 'node:child_process';
import { e2eSpecsFor } from './lib/test-files.mjs';

const base = process.argv[2] ?? 'main';
const git = (...args) => execFileSync('git', args, { encoding: 'utf8' }).split('\n').filter(Boolean);
const changed = [
  ...new Set([...git('diff', '--name-only', base), ...git('ls-files', '--others', '--exclude-standard')]),
];
if (changed.length === 0) {
  console.log(`Nothing changed since ${base}.`);
  process.exit(0);
}
console.log(`${changed.length} file(s) changed since ${base}.`);

const run = (cmd, args) => spawnSync(cmd, args, { stdio: 'inherit' }).status === 0;
let ok = run('npx', ['vitest', 'run', '--changed', base, '--passWithNoTests']);

const specs = e2eSpecsFor(changed);
if (specs.length === 0) {
  console.log('No end-to-end spec covers the changed files.');
} else {
  console.log(`End-to-end: ${specs.join(' ')}`);
  ok = run('npm', ['run', '--silent', 'build']) && run('npx', ['playwright', 'test', ...specs]) && ok;
}
process.exit(ok ? 0 : 1);
