// A deliberate violation of the web app's import boundaries, linted only by
// src/test/import-boundaries.test.ts (eslint.config.js ignores test-fixtures/): a feature's screen
// calling the server itself instead of through its API layer, once by alias and once by a relative path.
import { ApiError, apiRequest } from '@/lib/api-client';
import { apiUpload as upload } from '../../../lib/api-client';

export const fixture = [ApiError, apiRequest, upload];
