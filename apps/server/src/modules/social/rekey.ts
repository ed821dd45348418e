import { and, asc, eq, gt, isNull, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { socialConnections } from '../../db/schema.js';
import type { TokenCipher } from '../../lib/crypto.js';
import { tokenAad } from './connections.js';

/** What a connection row holds sealed: the columns `tokenAad` names. */
const sealedColumns = {
  accessToken: 'access',
  tokenSecret: 'secret',
  refreshToken: 'refresh',
} as const;
type SealedColumn = keyof typeof sealedColumns;

const rowColumns = {
  id: socialConnections.id,
  portalId: socialConnections.portalId,
  accessToken: socialConnections.accessToken,
  tokenSecret: socialConnections.tokenSecret,
  refreshToken: socialConnections.refreshToken,
};
type SealedRow = {
  id: string;
  portalId: number;
  accessToken: string;
  tokenSecret: string | null;
  refreshToken: string | null;
};

interface RekeyResult {
  /** Connections looked at. */
  scanned: number;
  /** Connections whose tokens were re-sealed under the current key. */
  resealed: number;
  /** Connections that changed while being re-sealed (a refresh or reconnect wrote them, with the current key). */
  skipped: number;
  /** Connections sealed with a key no longer configured: they cannot be read until it is added back. */
  unreadable: number;
}

type ResealOutcome = 'current' | 'resealed' | 'changed' | 'unreadable';

/** `column = value`, or `column is null`: a compare-and-set must see exactly what was read. */
const same = (column: PgColumn, value: string | null): SQL =>
  value === null ? isNull(column) : eq(column, value);

/**
 * Re-seals one connection's tokens under the cipher's current key, unless they already are. The
 * write only lands if every sealed column still holds what was read, so a refresh or reconnect that
 * wrote meanwhile (always with the current key) is never overwritten with older tokens.
 */
export async function resealConnection(db: Db, cipher: TokenCipher, row: SealedRow): Promise<ResealOutcome> {
  const columns = (Object.keys(sealedColumns) as SealedColumn[]).filter((column) => row[column] !== null);
  if (!columns.some((column) => cipher.isStale(row[column] ?? ''))) return 'current';
  const resealed: Partial<Record<SealedColumn, string>> = {};
  try {
    for (const column of columns) {
      const aad = tokenAad(row, sealedColumns[column]);
      resealed[column] = cipher.encrypt(cipher.decrypt(row[column] ?? '', aad), aad);
    }
  } catch {
    return 'unreadable';
  }
  const written = await db
    .update(socialConnections)
    .set(resealed)
    .where(
      and(
        eq(socialConnections.id, row.id),
        eq(socialConnections.accessToken, row.accessToken),
        same(socialConnections.tokenSecret, row.tokenSecret),
        same(socialConnections.refreshToken, row.refreshToken),
      ),
    )
    .returning({ id: socialConnections.id });
  return written.length > 0 ? 'resealed' : 'changed';
}

/**
 * Re-seals every stored social token (access token, X token secret, refresh token) that is not
 * sealed with the cipher's current key — the first of FITPOST_TOKEN_KEYS — reading `batchSize`
 * connections at a time in id order. Idempotent: a second run finds nothing to do. Safe beside
 * publishing and refreshes (see `resealConnection`). Workers run it once at start-up, so after a
 * key rotation the old key can be removed once a run reports nothing left under it.
 */
export async function reencryptTokens(
  db: Db,
  cipher: TokenCipher,
  options: { batchSize: number },
): Promise<RekeyResult> {
  const result: RekeyResult = { scanned: 0, resealed: 0, skipped: 0, unreadable: 0 };
  let after: string | null = null;
  for (;;) {
    const batch: SealedRow[] = await db
      .select(rowColumns)
      .from(socialConnections)
      .where(after === null ? undefined : gt(socialConnections.id, after))
      .orderBy(asc(socialConnections.id))
      .limit(options.batchSize);
    for (const row of batch) {
      const outcome = await resealConnection(db, cipher, row);
      if (outcome === 'resealed') result.resealed += 1;
      if (outcome === 'changed') result.skipped += 1;
      if (outcome === 'unreadable') result.unreadable += 1;
    }
    result.scanned += batch.length;
    const last = batch.at(-1);
    if (!last || batch.length < options.batchSize) return result;
    after = last.id;
  }
}
