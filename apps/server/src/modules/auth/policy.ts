import { forbidden } from '../../lib/errors.js';
import type { Actor } from './sessions.js';

/**
 * The one admin policy of every module: an administrator of the caller's portal passes; anyone
 * else is refused (403 `forbidden`) with `message`, the refusal in the feature's own words.
 */
export function requireAdmin(
  actor: Pick<Actor, 'isAdmin'>,
  message = 'Only administrators can do that',
): void {
  if (!actor.isAdmin) throw forbidden(message);
}
