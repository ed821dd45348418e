import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const src = (p: string) => fileURLToPath(new URL(p, import.meta.url));
/** Tests run the workspaces' TypeScript sources directly; no build needed first. */
const alias = {
  '@fitpost/contract/platform-rules': src('./packages/contract/src/platform-rules.ts'),
  '@fitpost/contract': src('./packages/contract/src/index.ts'),
  '@fitpost/sandbox/testing': src('./apps/sandbox/src/testing.ts'),
  '@fitpost/sandbox': src('./apps/sandbox/src/app.ts'),
};

/**
 * Files run side by side in each project: both cores of the 2-core machines the project runs on
 * (vitest's default is one fewer than the cores, so one). VITEST_WORKERS overrides it.
 */
const maxWorkers = Number(process.env.VITEST_WORKERS ?? 2);

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: { name: 'contract', root: 'packages/contract', environment: 'node', maxWorkers },
      },
      {
        resolve: { alias },
        test: {
          name: 'server',
          root: 'apps/server',
          environment: 'node',
          maxWorkers,
          // Files share their worker's module graph: importing the server once per worker rather than
          // once per file (about 3 s a file on a loaded host). The server keeps no module state a
          // test depends on; each file starts its own app on its own database copy.
          isolate: false,
          include: ['src/**/*.test.ts'],
          // *.pg.test.ts need a real PostgreSQL server (several processes on one database).
          exclude: process.env.TEST_DATABASE_URL ? [] : ['src/**/*.pg.test.ts'],
          // Migrates once per run; each file's database is a copy (src/test/template-db.ts).
          globalSetup: ['src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: { name: 'sandbox', root: 'apps/sandbox', environment: 'node', maxWorkers, testTimeout: 30_000 },
      },
      {
        // The test scripts' own tests (scripts/test/); their fixtures run only through the scripts.
        test: {
          name: 'scripts',
          root: 'scripts',
          environment: 'node',
          maxWorkers,
          include: ['test/**/*.test.mjs'],
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        resolve: { alias },
        test: {
          name: 'web',
          root: 'apps/web',
          environment: 'jsdom',
          maxWorkers,
          // Files share their worker's module graph, as the server's do: the app, antd and jsdom's
          // helpers are imported once per worker rather than once per file (half this project's CPU
          // time). What a test relies on is set up per file: the msw server (src/test/msw-server.ts)
          // is one per graph, started before each file; storage and mocks are reset after each test.
          isolate: false,
          setupFiles: ['./src/test/setup.ts'],
        },
      },
    ],
  },
});
