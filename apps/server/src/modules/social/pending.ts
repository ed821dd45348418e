import type { Network } from '@fitpost/contract';
import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { pendingConnections } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { hashToken } from '../../lib/tokens.js';
import type { Actor } from '../auth/sessions.js';

/** How long a member has to finish a connect flow at the network. */
const connectWindowMs = 15 * 60_000;

export const connectionExpired = () =>
  new AppError('bad_request', 'This connection request has expired or was already used. Please start again.');

/** Records a connect flow the caller started in this browser; replaces an older one with the same handle. */
export async function startPending(
  db: Db,
  actor: Actor,
  input: { network: Network; handle: string; secret?: string; browserToken: string },
) {
  const now = Date.now();
  await db.delete(pendingConnections).where(lt(pendingConnections.expiresAt, new Date(now)));
  const [row] = await db
    .insert(pendingConnections)
    .values({
      userId: actor.userId,
      network: input.network,
      handle: input.handle,
      secret: input.secret ?? null,
      browserHash: hashToken(input.browserToken),
      expiresAt: new Date(now + connectWindowMs),
    })
    .onConflictDoUpdate({
      target: [pendingConnections.network, pendingConnections.handle],
      set: {
        userId: actor.userId,
        secret: input.secret ?? null,
        browserHash: hashToken(input.browserToken),
        expiresAt: new Date(now + connectWindowMs),
      },
    })
    .returning();
  if (!row) throw new Error('pending insert returned no row');
  return row;
}

/**
 * Uses up a pending connection. It must have been started by the caller, in this browser, not
 * long ago: a callback link someone else started (or sent) attaches nothing to this account.
 */
export async function takePending(
  db: Db,
  actor: Actor,
  input: { network: Network; handle: string; browserToken: string | null },
) {
  if (input.browserToken === null) throw connectionExpired();
  // Only the starter's own row is consumed: someone else's callback neither matches nor spoils it.
  const [row] = await db
    .delete(pendingConnections)
    .where(
      and(
        eq(pendingConnections.network, input.network),
        eq(pendingConnections.handle, input.handle),
        eq(pendingConnections.userId, actor.userId),
        eq(pendingConnections.browserHash, hashToken(input.browserToken)),
      ),
    )
    .returning();
  if (!row || row.expiresAt.getTime() < Date.now()) throw connectionExpired();
  return row;
}
