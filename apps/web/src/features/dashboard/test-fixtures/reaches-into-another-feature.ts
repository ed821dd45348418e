// A deliberate violation of the web app's import boundaries, linted only by
// src/test/import-boundaries.test.ts (eslint.config.js ignores test-fixtures/): a feature importing
// another feature, once by alias and once by a relative path.
import { settingsPath } from '@/features/social/navigation-state';
import { connectedState } from '../../social/navigation-state';

export const fixture = [settingsPath, connectedState];
