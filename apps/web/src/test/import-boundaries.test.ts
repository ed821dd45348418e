import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const repo = resolve(import.meta.dirname, '../../../..');
const fixture = (path: string) => resolve(import.meta.dirname, '..', path);

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
  const [result] = await eslint.lintFiles([fixture(path)]);
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'fitpost/web-boundaries')
    .map(({ line, message }) => ({ line, message }));
}

describe('the web import boundaries (docs/architecture.md §5) are enforced by ESLint', () => {
  it('a feature importing another feature fails, by alias or by relative path', async () => {
    expect(await boundaryErrors('features/dashboard/test-fixtures/reaches-into-another-feature.ts')).toEqual([
      {
        line: 4,
        message:
          'A feature never imports another feature (features/social): move what both need to components/ or lib/.',
      },
      {
        line: 5,
        message:
          'A feature never imports another feature (features/social): move what both need to components/ or lib/.',
      },
    ]);
  }, 120_000);

  it('calling the server outside the API layer fails; an api file may', async () => {
    const outsideApi = (name: string) =>
      `Only the API layer calls the server (${name}): put the call in lib/api/<resource>/ (a resource several features use) or features/<feature>/api/ (a feature's own), one file per endpoint.`;
    expect(await boundaryErrors('features/dashboard/test-fixtures/calls-the-server.ts')).toEqual([
      { line: 4, message: outsideApi('apiRequest') },
      { line: 5, message: outsideApi('apiUpload') },
    ]);
    expect(await boundaryErrors('lib/api/posts/get-posts.ts')).toEqual([]);
    expect(await boundaryErrors('features/auth/api/post-logout.ts')).toEqual([]);
  }, 120_000);

  it('lib/ (or components/) importing a feature fails', async () => {
    expect(await boundaryErrors('lib/test-fixtures/imports-a-feature.ts')).toEqual([
      { line: 4, message: 'components/ and lib/ are shared and never import a feature (features/social).' },
    ]);
  }, 120_000);
});
