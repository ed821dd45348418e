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

export default defineConfig({
  test: {
    projects: [
      { resolve: { alias }, test: { name: 'contract', root: 'packages/contract', environment: 'node' } },
      {
        resolve: { alias },
        test: {
          name: 'server',
          root: 'apps/server',
          environment: 'node',
          include: ['src/**/*.test.ts'],
          // *.pg.test.ts need a real PostgreSQL server (several processes on one database).
          exclude: process.env.TEST_DATABASE_URL ? [] : ['src/**/*.pg.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: { name: 'sandbox', root: 'apps/sandbox', environment: 'node', testTimeout: 30_000 },
      },
      {
        extends: './apps/web/vite.config.ts',
        resolve: { alias },
        test: {
          name: 'web',
          root: 'apps/web',
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
        },
      },
    ],
  },
});
