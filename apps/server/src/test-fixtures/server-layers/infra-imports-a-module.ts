// A deliberate violation of the server's layers, linted only by src/test/import-boundaries.test.ts
// AS IF it stood at jobs/imports-a-module.ts (its imports are written from there): infrastructure
// importing a module.
import { startPublishing } from '../modules/posts/engine.js';

export const fixture = [startPublishing];
