import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      // Its own entry point: only the lazy screens that count characters (the composer) load twitter-text.
      '@fitpost/contract/platform-rules': fromHere('../../packages/contract/src/platform-rules.ts'),
      '@fitpost/contract': fromHere('../../packages/contract/src/index.ts'),
      '@': fromHere('./src'),
    },
  },
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    rolldownOptions: {
      treeshake: {
        // antd imports @rc-component/form's index for a context even where no form is used (menus,
        // drawers, tooltips); the package declares no `sideEffects`, so without this every screen
        // would carry the form library and its validator (~14 kB gzip).
        moduleSideEffects: [
          { test: /[\\/]node_modules[\\/]@rc-component[\\/](form|async-validator)[\\/]/, sideEffects: false },
          // The contract's modules only declare schemas and constants. Their one side effect, zod's
          // `.meta({ id })` registering a schema for the server's OpenAPI document, means nothing here;
          // without this every screen would carry every schema the barrel re-exports (~27 kB gzip).
          { test: /[\\/]packages[\\/]contract[\\/]src[\\/]/, sideEffects: false },
        ],
      },
    },
  },
});
