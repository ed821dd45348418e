// A deliberate violation of the server's import boundary, linted only by
// src/test/import-boundaries.test.ts (eslint.config.js ignores test-fixtures/): a server module
// importing the sandbox, by package name and by a relative path out of the app.
import { demoMembers } from '@fitpost/sandbox';
import { DEMO_PASSWORD } from '../../../sandbox/src/app.js';

export const fixture = [demoMembers, DEMO_PASSWORD];
