// The fixture suite test-repeat.test.mjs runs through `npm run test:repeat`: not part of any project.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { root: fileURLToPath(new URL('.', import.meta.url)), include: ['*.fixture.mjs'] },
});
