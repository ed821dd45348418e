import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { exited, startServerProcess } from '../test/worker-process.js';
import { nodeVersionProblem, requiredNodeMajor } from './node-version.js';

it('accepts Node.js 24 and later, and names the version and the way to run it otherwise', () => {
  for (const fine of ['24.0.0', '24.21.0', 'v25.1.0']) expect(nodeVersionProblem(fine)).toBeNull();
  for (const old of ['20.20.2', 'v23.11.1', '18.0.0'])
    expect(nodeVersionProblem(old)).toMatch(
      new RegExp(
        `^FitPost needs Node\\.js 24 or later, but this is Node\\.js ${old.replace(/\./g, '\\.')}\\. .*node_modules/\\.bin/node apps/server/dist/main\\.js`,
      ),
    );
});

it("says what the root package.json's engines and pinned node say", () => {
  const root = JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as {
    engines?: { node?: string };
    devDependencies: Record<string, string>;
  };
  expect(root.engines?.node).toBe(`>=${requiredNodeMajor}`);
  expect(root.devDependencies.node).toMatch(new RegExp(`^\\^${requiredNodeMajor}\\.`));
});

it('stops the server at once with that one line on an older Node.js', async () => {
  // The child runs the pinned Node.js told it is 20.20.2 before any of the server's code is read.
  const child = startServerProcess(
    [],
    {
      NODE_OPTIONS:
        "--import=data:text/javascript,Object.defineProperty(process.versions,'node',{value:'20.20.2'})",
      FITPOST_DEMO: 'true',
    },
    ['ignore', 'pipe', 'pipe'],
  );
  let out = '';
  let err = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  await exited(child);
  expect(child.exitCode, err).toBe(1);
  expect(out).toBe('');
  expect(err).toBe(`${nodeVersionProblem('20.20.2')}\n`);
}, 30_000);
