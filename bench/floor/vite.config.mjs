// The React-only floor page of `npm run bench web`, built by bench/web.mjs into .tmp/bench-floor.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  logLevel: 'warn',
  build: {
    outDir: fileURLToPath(new URL('../../.tmp/bench-floor', import.meta.url)),
    emptyOutDir: true,
  },
});
