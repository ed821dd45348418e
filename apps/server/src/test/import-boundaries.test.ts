import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const repo = resolve(import.meta.dirname, '../../../..');

/**
 * Lints a deliberate violation with the project's own eslint.config.js, its ignore of test-fixtures/
 * lifted (and the type-aware rules, which need a whole TypeScript program and say nothing here, off).
 */
async function boundaryErrors(path: string) {
  const eslint = new ESLint({
    cwd: repo,
    ignore: false,
    overrideConfig: [tseslint.configs.disableTypeChecked],
  });
  const [result] = await eslint.lintFiles([resolve(import.meta.dirname, '..', path)]);
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map(({ line, message }) => ({ line, message }));
}

describe('the server import boundary (docs/architecture.md §1) is enforced by ESLint', () => {
  it('a server module importing the sandbox fails, by package name or by a relative path', async () => {
    const message = 'The server reaches the outside world (and its sandbox) only over HTTP.';
    expect(await boundaryErrors('test-fixtures/imports-the-sandbox.ts')).toEqual([
      { line: 4, message: expect.stringContaining(message) as string },
      { line: 5, message: expect.stringContaining(message) as string },
    ]);
  }, 120_000);
});

/**
 * Lints a fixture of test-fixtures/server-layers/ as if it stood at `asIf` (a path under src/), so
 * the layer rule sees it in the layer it pretends to be in while the house itself stays clean.
 */
async function layerErrors(fixture: string, asIf: string) {
  const eslint = new ESLint({ cwd: repo, overrideConfig: [tseslint.configs.disableTypeChecked] });
  const code = await readFile(
    resolve(import.meta.dirname, '../test-fixtures/server-layers', fixture),
    'utf8',
  );
  const [result] = await eslint.lintText(code, { filePath: resolve(import.meta.dirname, '..', asIf) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'fitpost/server-layers')
    .map(({ line, message }) => ({ line, message }));
}

describe('the server layers and module graph (docs/architecture.md §3) are enforced by ESLint', () => {
  it('a module importing a module of its own tier or above, or the composition, fails', async () => {
    expect(await layerErrors('module-imports-upwards.ts', 'modules/auth/imports-upwards.ts')).toEqual([
      {
        line: 5,
        message:
          'Module auth may import only modules of lower tiers (eslint.config.js serverModuleTiers), not modules/posts: move the shared idea down, or pass it in as a port.',
      },
      {
        line: 6,
        message:
          'A module never imports the composition (app/api.js): app/ wires modules, not the other way round.',
      },
    ]);
  }, 120_000);

  it('infrastructure importing a module fails', async () => {
    expect(await layerErrors('infra-imports-a-module.ts', 'jobs/imports-a-module.ts')).toEqual([
      {
        line: 4,
        message:
          'Infrastructure never imports a module or the composition (modules/posts): take what it needs as a parameter, and wire it in app/.',
      },
    ]);
  }, 120_000);
});
