import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Import boundaries from docs/architecture.md, enforced here rather than by convention. `regex`
 * (optional) also catches relative paths that climb out of the app (`../../sandbox/src/app.js`).
 */
const noImport = (patterns, message, regex) => [
  'error',
  { patterns: [...patterns.map((group) => ({ group, message })), ...(regex ? [{ regex, message }] : [])] },
];

const webSrc = fileURLToPath(new URL('./apps/web/src/', import.meta.url));

/**
 * The web app's layers (docs/architecture.md §5): `app/` composes features; a feature never imports
 * another feature; `components/` and `lib/` are shared and never import a feature. Paths are resolved
 * (`@/…` and relative), so `../../posts/…` is caught like `@/features/posts/…`.
 */
const webBoundaries = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      crossFeature:
        'A feature never imports another feature ({{ target }}): move what both need to components/ or lib/.',
      sharedToFeature: 'components/ and lib/ are shared and never import a feature ({{ target }}).',
    },
  },
  create(context) {
    const [layer, feature] = relative(webSrc, context.filename).split(sep);
    if (layer !== 'features' && layer !== 'components' && layer !== 'lib') return {};
    function check(node) {
      const source = node.source?.value;
      if (typeof source !== 'string') return;
      let target;
      if (source.startsWith('@/')) target = source.slice(2);
      else if (source.startsWith('.')) target = relative(webSrc, resolve(dirname(context.filename), source));
      else return;
      const [targetLayer, targetFeature] = target.split(/[\\/]/);
      if (targetLayer !== 'features') return;
      if (layer === 'features' && targetFeature === feature) return;
      context.report({
        node: node.source,
        messageId: layer === 'features' ? 'crossFeature' : 'sharedToFeature',
        data: { target: `features/${targetFeature}` },
      });
    }
    return {
      ImportDeclaration: check,
      ImportExpression: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
    };
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      '.tmp/**',
      // Deliberate violations, linted only by the tests that prove the rules fire.
      '**/test-fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: [
            '*.js',
            '*.mjs',
            'scripts/*.mjs',
            'scripts/lib/*.mjs',
            'bench/*.mjs',
            'apps/server/drizzle.config.ts',
          ],
        },
      },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Tests read JSON responses and assert their shape at run time; typing every body adds nothing.
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**/*.ts', '**/src/test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['apps/web/public/sw.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: {
      'react-hooks': reactHooks,
      'jsx-a11y': jsxA11y,
      fitpost: { rules: { 'web-boundaries': webBoundaries } },
    },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      'fitpost/web-boundaries': 'error',
      'no-restricted-imports': noImport(
        [['@fitpost/server*', '@fitpost/sandbox*', '**/apps/server/**', '**/apps/sandbox/**']],
        'The web app talks to the server over HTTP only.',
      ),
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts', 'apps/server/src/test/**'],
    rules: {
      'no-restricted-imports': noImport(
        [['@fitpost/sandbox*', '**/apps/sandbox/**', '@fitpost/web*', '**/apps/web/**']],
        'The server reaches the outside world (and its sandbox) only over HTTP.',
        '^(\\.\\./)+(apps/)?(sandbox|web)(/|$)',
      ),
    },
  },
  {
    files: ['packages/contract/src/**/*.ts'],
    rules: {
      'no-restricted-imports': noImport(
        [['@fitpost/*', '**/apps/**']],
        'The contract imports nothing internal.',
      ),
    },
  },
);
