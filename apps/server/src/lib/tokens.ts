import { createHash, randomBytes } from 'node:crypto';

/** A URL-safe random string carrying `bytes` of entropy. */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

/** Session tokens are looked up by their SHA-256; the token itself is never stored. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
