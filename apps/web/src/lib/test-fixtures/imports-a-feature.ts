// A deliberate violation of the web app's import boundaries, linted only by
// src/test/import-boundaries.test.ts (eslint.config.js ignores test-fixtures/): shared code
// importing a feature.
import { settingsPath } from '@/features/social/navigation-state';

export const fixture = settingsPath;
