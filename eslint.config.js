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

/** What calls the server: the API client's own functions, which only the API layer may import. */
const serverCalls = new Set(['apiRequest', 'apiUpload', 'apiDownload']);

/**
 * The web app's layers (docs/architecture.md §5): `app/` composes features; a feature never imports
 * another feature; `components/` and `lib/` are shared and never import a feature. Only the API layer
 * — `lib/api/<resource>/` (a resource several features use) and `features/<feature>/api/` (a feature's
 * own) — calls the server through `lib/api-client`. Paths are resolved (`@/…` and relative), so
 * `../../posts/…` is caught like `@/features/posts/…`.
 */
const webBoundaries = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      crossFeature:
        'A feature never imports another feature ({{ target }}): move what both need to components/ or lib/.',
      sharedToFeature: 'components/ and lib/ are shared and never import a feature ({{ target }}).',
      callOutsideApi:
        "Only the API layer calls the server ({{ name }}): put the call in lib/api/<resource>/ (a resource several features use) or features/<feature>/api/ (a feature's own), one file per endpoint.",
    },
  },
  create(context) {
    const path = relative(webSrc, context.filename).split(sep);
    if (path[0] === '..') return {};
    const [layer, feature] = path;
    const checksFeatures = layer === 'features' || layer === 'components' || layer === 'lib';
    const isApiLayer =
      (layer === 'lib' && path[1] === 'api' && path.length > 2) ||
      (layer === 'features' && path[2] === 'api' && path.length > 3) ||
      // The client itself, and its own tests.
      (layer === 'lib' && path.length === 2 && /^api-client\./.test(path[1]));
    function resolveTarget(source) {
      if (source.startsWith('@/')) return source.slice(2);
      if (source.startsWith('.')) return relative(webSrc, resolve(dirname(context.filename), source));
      return null;
    }
    function checkFeature(node, target) {
      const [targetLayer, targetFeature] = target.split(/[\\/]/);
      if (targetLayer !== 'features') return;
      if (layer === 'features' && targetFeature === feature) return;
      context.report({
        node: node.source,
        messageId: layer === 'features' ? 'crossFeature' : 'sharedToFeature',
        data: { target: `features/${targetFeature}` },
      });
    }
    function checkServerCalls(node, target) {
      const module = target
        .split(/[\\/]/)
        .join('/')
        .replace(/\.tsx?$/, '');
      if (module !== 'lib/api-client') return;
      for (const specifier of node.specifiers ?? []) {
        const name =
          specifier.type === 'ImportNamespaceSpecifier'
            ? '*'
            : specifier.type === 'ImportSpecifier'
              ? specifier.imported.name
              : specifier.type === 'ExportSpecifier'
                ? specifier.local.name
                : null;
        if (name === '*' || serverCalls.has(name))
          context.report({ node: specifier, messageId: 'callOutsideApi', data: { name } });
      }
    }
    function check(node) {
      const source = node.source?.value;
      if (typeof source !== 'string') return;
      const target = resolveTarget(source);
      if (target === null) return;
      if (checksFeatures) checkFeature(node, target);
      if (!isApiLayer) checkServerCalls(node, target);
    }
    return {
      ImportDeclaration: check,
      ImportExpression: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
    };
  },
};

const serverSrc = fileURLToPath(new URL('./apps/server/src/', import.meta.url));

/**
 * The server's module graph (docs/architecture.md §3), bottom tier first. A module imports only
 * modules of lower tiers, never one of its own tier or above; a module not listed here fails until
 * it is given a tier.
 */
const serverModuleTiers = [
  ['auth'],
  ['email', 'organisation', 'media', 'health'],
  ['notifications', 'users', 'queue', 'reports', 'feeds', 'links'],
  ['social', 'library', 'announcements'],
  ['posts', 'messages', 'sign-in'],
  ['autoposts', 'metrics'],
];
const serverModuleTier = new Map(serverModuleTiers.flatMap((tier, i) => tier.map((name) => [name, i])));

/**
 * The server's layers (docs/architecture.md §3): `main.ts` and `app/` compose the API and the
 * worker; `modules/` follow the graph above and never import `app/`; the infrastructure (`db/`,
 * `http/`, `jobs/`, `lib/`, `platforms/`, `config.ts`) imports no module and not `app/`.
 */
const serverLayers = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      infraToModule:
        'Infrastructure never imports a module or the composition ({{ target }}): take what it needs as a parameter, and wire it in app/.',
      moduleToApp:
        'A module never imports the composition ({{ target }}): app/ wires modules, not the other way round.',
      moduleUpwards:
        'Module {{ module }} may import only modules of lower tiers (eslint.config.js serverModuleTiers), not {{ target }}: move the shared idea down, or pass it in as a port.',
      unlistedModule: 'Module {{ module }} has no tier: add it to serverModuleTiers in eslint.config.js.',
    },
  },
  create(context) {
    const path = relative(serverSrc, context.filename).split(sep);
    if (path[0] === '..' || path.length === 0) return {};
    const layer = path.length === 1 ? (path[0] === 'main.ts' ? 'app' : 'infra') : path[0];
    const kind = layer === 'modules' ? 'module' : layer === 'app' || layer === 'test' ? 'top' : 'infra';
    if (kind === 'top') return {};
    const module = kind === 'module' ? path[1] : null;
    function check(node) {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = relative(serverSrc, resolve(dirname(context.filename), source)).split(sep);
      const targetTop = target.length === 1 ? (target[0] === 'main.js' ? 'app' : 'infra') : target[0];
      if (targetTop !== 'modules' && targetTop !== 'app') return;
      const name = targetTop === 'app' ? target.join('/') : `modules/${target[1]}`;
      if (kind === 'infra') {
        context.report({ node: node.source, messageId: 'infraToModule', data: { target: name } });
      } else if (targetTop === 'app') {
        context.report({ node: node.source, messageId: 'moduleToApp', data: { target: name } });
      } else if (target[1] !== module) {
        const from = serverModuleTier.get(module);
        const to = serverModuleTier.get(target[1]);
        if (from === undefined)
          context.report({ node: node.source, messageId: 'unlistedModule', data: { module } });
        else if (to === undefined || to >= from)
          context.report({ node: node.source, messageId: 'moduleUpwards', data: { module, target: name } });
      }
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
    plugins: { fitpost: { rules: { 'server-layers': serverLayers } } },
    rules: {
      'fitpost/server-layers': 'error',
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
