import { notificationTexts, type Network, type SocialConnection } from '@fitpost/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { socialConnections } from '../../db/schema.js';
import type { EmailOutbox } from '../email/outbox.js';
import { notify } from '../notifications/notify.js';
import type { TokenCipher } from '../../lib/crypto.js';
import { notFound } from '../../lib/errors.js';
import type { Actor } from '../auth/sessions.js';

type ConnectionRow = typeof socialConnections.$inferSelect;

/** What a finished connect flow hands over: the account and its (plain) credentials. */
export interface ConnectedAccount {
  network: Network;
  accountId: string;
  accountName: string;
  handle: string | null;
  pictureUrl: string;
  accessToken: string;
  tokenSecret?: string | undefined;
  refreshToken?: string | undefined;
  accessExpiresAt?: Date | undefined;
  refreshExpiresAt?: Date | undefined;
}

/** Associated data binding a sealed token to its portal, row and column. */
export const tokenAad = (row: { portalId: number; id: string }, column: 'access' | 'secret' | 'refresh') =>
  `portal:${row.portalId}|connection:${row.id}|${column}`;

/** A connection as its owner sees it: an allowlist of fields, never tokens. */
function presentConnection(row: ConnectionRow): SocialConnection {
  return {
    id: row.id,
    network: row.network,
    accountId: row.accountId,
    accountName: row.accountName,
    handle: row.handle,
    pictureUrl: row.pictureUrl,
    status: row.status,
    statusReason: row.statusReason,
    connectedAt: row.createdAt.toISOString(),
  };
}

/** The caller's own connections, oldest first. */
export async function listConnections(db: Db, actor: Actor) {
  const rows = await db
    .select()
    .from(socialConnections)
    .where(eq(socialConnections.userId, actor.userId))
    .orderBy(asc(socialConnections.createdAt), asc(socialConnections.id));
  return rows.map(presentConnection);
}

/** Disconnects one of the caller's connections; anyone else's is "not found". */
export async function deleteConnection(db: Db, actor: Actor, id: string) {
  const deleted = await db
    .delete(socialConnections)
    .where(and(eq(socialConnections.id, id), eq(socialConnections.userId, actor.userId)))
    .returning({ id: socialConnections.id });
  if (deleted.length === 0) throw notFound('Connection');
}

/**
 * Stores a connected account for the caller, sealing its tokens. Connecting an account that is
 * already connected (a reconnect) replaces its tokens and marks it connected again.
 */
export async function saveConnection(db: Db, cipher: TokenCipher, actor: Actor, account: ConnectedAccount) {
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: socialConnections.id })
      .from(socialConnections)
      .where(
        and(
          eq(socialConnections.userId, actor.userId),
          eq(socialConnections.network, account.network),
          eq(socialConnections.accountId, account.accountId),
        ),
      );
    const id = existing?.id ?? crypto.randomUUID();
    const row = { portalId: actor.portalId, id };
    const sealed = {
      accessToken: cipher.encrypt(account.accessToken, tokenAad(row, 'access')),
      tokenSecret: account.tokenSecret ? cipher.encrypt(account.tokenSecret, tokenAad(row, 'secret')) : null,
      refreshToken: account.refreshToken
        ? cipher.encrypt(account.refreshToken, tokenAad(row, 'refresh'))
        : null,
    };
    const values = {
      accountName: account.accountName,
      handle: account.handle,
      pictureUrl: account.pictureUrl,
      status: 'connected' as const,
      statusReason: null,
      ...sealed,
      accessExpiresAt: account.accessExpiresAt ?? null,
      refreshExpiresAt: account.refreshExpiresAt ?? null,
      updatedAt: new Date(),
    };
    const [saved] = existing
      ? await tx.update(socialConnections).set(values).where(eq(socialConnections.id, id)).returning()
      : await tx
          .insert(socialConnections)
          .values({
            id,
            portalId: actor.portalId,
            userId: actor.userId,
            network: account.network,
            accountId: account.accountId,
            ...values,
          })
          .returning();
    if (!saved) throw new Error('connection upsert returned no row');
    return presentConnection(saved);
  });
}

/** The network refused the connection's token: flag it and tell the member, once. */
export async function markNeedsReconnect(
  deps: { db: Db; emails?: EmailOutbox | null | undefined },
  connectionId: string,
  reason: string,
) {
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(socialConnections)
      .set({ status: 'needs_reconnect', statusReason: reason, updatedAt: new Date() })
      .where(and(eq(socialConnections.id, connectionId), eq(socialConnections.status, 'connected')))
      .returning();
    if (!row) return;
    await notify(tx, deps.emails, {
      userId: row.userId,
      kind: 'connection.needs_reconnect',
      title: notificationTexts.reconnectTitle(row.accountName),
      body: notificationTexts.reconnectText(reason),
      connectionId: row.id,
      network: row.network,
    });
  });
}
