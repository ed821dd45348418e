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
