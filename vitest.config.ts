import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const contract = fileURLToPath(new URL('./packages/contract/src/index.ts', import.meta.url));
const alias = { '@fitpost/contract': contract };

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
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      { resolve: { alias }, test: { name: 'sandbox', root: 'apps/sandbox', environment: 'node', testTimeout: 30_000 } },
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
