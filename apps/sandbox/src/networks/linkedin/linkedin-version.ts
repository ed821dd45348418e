import type { IncomingMessage } from 'node:http';

import { apiError } from './linkedin-errors.js';

/** LinkedIn's first versioned release ("LinkedIn Marketing API Versioning"). */
const FIRST_VERSION = 202206;

/**
 * The versioned /rest APIs require `LinkedIn-Version: YYYYMM` ("Versioning"): none at all is a 400, a
 * version LinkedIn never released (or not yet) a 426. The sandbox serves every month from the first
 * release to the current one; it does not sunset old versions, so a pinned version keeps working in tests.
 */
export function checkVersionHeader(req: IncomingMessage): string {
  const header = req.headers['linkedin-version'];
  const version = Array.isArray(header) ? header[0] : header;
  if (!version) {
    throw apiError(
      400,
      'VERSION_MISSING',
      'A version must be present. Please specify a version by adding the LinkedIn-Version header.',
    );
  }
  if (!isActive(version)) {
    throw apiError(426, 'NONEXISTENT_VERSION', `Requested version ${version} is not active`);
  }
  return version;
}

function isActive(version: string): boolean {
  if (!/^\d{6}$/.test(version)) return false;
  const month = Number(version.slice(4));
  const now = new Date();
  const current = now.getUTCFullYear() * 100 + now.getUTCMonth() + 1;
  const value = Number(version);
  return month >= 1 && month <= 12 && value >= FIRST_VERSION && value <= current;
}
