import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { socialConnections } from '../../db/schema.js';
import type { TokenCipher } from '../../lib/crypto.js';
import { messages, networkName, PlatformError } from '../../platforms/errors.js';
import type { OAuth2Tokens, Platforms } from '../../platforms/index.js';
import { markNeedsReconnect, tokenAad } from './connections.js';
import type { EmailOutbox } from '../email/outbox.js';

type ConnectionRow = typeof socialConnections.$inferSelect;

interface CredentialDeps {
  db: Db;
  cipher: TokenCipher;
  platforms: Platforms;
  /** Where the reconnect notification's email is queued; absent or null: no email. */
  emails?: EmailOutbox | null;
  now?: () => Date;
}

/** What the adapters take: the access token, and X's token secret ('' for the others). */
export interface Credentials {
  accessToken: string;
  tokenSecret: string;
}

/** A token expiring this soon is refreshed first, so no call starts with a token about to lapse. */
const REFRESH_MARGIN_MS = 5 * 60_000;

/** Refreshes under way in this process, by connection id: concurrent callers share one. */
const refreshing = new Map<string, Promise<Credentials>>();

/**
 * The connection's decrypted credentials, refreshed first when the access token expires within
 * REFRESH_MARGIN_MS and the network allows it. Only LinkedIn issues refresh tokens (to apps it
 * approved for them); X's OAuth 1.0a tokens and Facebook Page tokens (also used for Instagram) do
 * not expire, and a Facebook user token cannot be renewed without the member, so those connections
 * carry no expiry and pass straight through.
 *
 * A refresh is stored (sealed) with a compare-and-set on the old access-token ciphertext: a worker
 * that loses the race to another process re-reads and uses the winner's tokens. Within a process
 * concurrent callers share one refresh. A refused refresh, or an expired token with nothing to
 * refresh it with, marks the connection needs_reconnect (the member is told) and throws a
 * PlatformError of kind `auth`; a transient failure while the token still works returns it as is.
 */
export async function freshCredentials(
  deps: CredentialDeps,
  connection: ConnectionRow,
): Promise<Credentials> {
  const now = deps.now?.() ?? new Date();
  if (!expiresSoon(connection, now)) return openCredentials(deps.cipher, connection);
  const running = refreshing.get(connection.id);
  if (running) return running;
  const refresh = refreshConnection(deps, connection, now).finally(() => refreshing.delete(connection.id));
  refreshing.set(connection.id, refresh);
  return refresh;
}

function expiresSoon(row: ConnectionRow, now: Date) {
  return row.accessExpiresAt !== null && row.accessExpiresAt.getTime() - now.getTime() <= REFRESH_MARGIN_MS;
}

function openCredentials(cipher: TokenCipher, row: ConnectionRow): Credentials {
  return {
    accessToken: cipher.decrypt(row.accessToken, tokenAad(row, 'access')),
    tokenSecret: row.tokenSecret ? cipher.decrypt(row.tokenSecret, tokenAad(row, 'secret')) : '',
  };
}

async function load(db: Db, id: string) {
  const [row] = await db.select().from(socialConnections).where(eq(socialConnections.id, id));
  return row;
}

/** The connection cannot be used until the member connects it again: say so, once, and stop. */
async function refuse(deps: CredentialDeps, row: ConnectionRow, cause?: PlatformError): Promise<never> {
  const error = new PlatformError({
    network: row.network,
    kind: 'auth',
    // Wrong app credentials are the administrator's to fix; anything else, the member's to reconnect.
    message: cause?.code === 'invalid_client' ? cause.message : messages.expired(row.network),
    code: cause?.code ?? 'token_expired',
    status: cause?.status,
    detail: cause?.detail,
    cause,
  });
  await markNeedsReconnect(deps, row.id, error.message);
  throw error;
}

/** A row that is not (or no longer) usable: disconnected meanwhile, or already flagged. */
function unusable(row: ConnectionRow | undefined, network: ConnectionRow['network']) {
  return new PlatformError({
    network,
    kind: 'auth',
    code: 'not_connected',
    message: row
      ? (row.statusReason ?? messages.expired(network))
      : `${networkName(network)} is no longer connected to FitPost; connect it again in Settings.`,
  });
}

async function refreshConnection(
  deps: CredentialDeps,
  connection: ConnectionRow,
  now: Date,
): Promise<Credentials> {
  // Another process may have refreshed since the caller read its row.
  const row = await load(deps.db, connection.id);
  if (!row || row.status !== 'connected') throw unusable(row, connection.network);
  const current = openCredentials(deps.cipher, row);
  if (!expiresSoon(row, now)) return current;
  const expired = (row.accessExpiresAt?.getTime() ?? Infinity) <= now.getTime();
  const refreshToken =
    row.network === 'linkedin' &&
    row.refreshToken !== null &&
    (row.refreshExpiresAt === null || row.refreshExpiresAt.getTime() > now.getTime())
      ? deps.cipher.decrypt(row.refreshToken, tokenAad(row, 'refresh'))
      : null;
  if (refreshToken === null) {
    // Nothing to refresh with: a token that still works is used for its last minutes.
    if (!expired) return current;
    return refuse(deps, row);
  }
  let tokens: OAuth2Tokens;
  try {
    tokens = await deps.platforms.linkedin.refresh(refreshToken);
  } catch (err) {
    if (err instanceof PlatformError && err.kind === 'auth') return refuse(deps, row, err);
    if (!expired) return current;
    throw err;
  }
  return store(deps, row, current, tokens);
}

/**
 * Writes the refreshed tokens over the ones they replace. A key rotation may have re-sealed the
 * same token meanwhile (new ciphertext, same token): write again over that. Any other change means
 * another worker refreshed (or the member reconnected): use what is stored.
 */
async function store(
  deps: CredentialDeps,
  read: ConnectionRow,
  current: Credentials,
  tokens: OAuth2Tokens,
): Promise<Credentials> {
  const sealed = {
    accessToken: deps.cipher.encrypt(tokens.accessToken, tokenAad(read, 'access')),
    accessExpiresAt: tokens.expiresAt ?? null,
    ...(tokens.refreshToken === undefined
      ? {}
      : { refreshToken: deps.cipher.encrypt(tokens.refreshToken, tokenAad(read, 'refresh')) }),
    ...(tokens.refreshExpiresAt === undefined ? {} : { refreshExpiresAt: tokens.refreshExpiresAt }),
  };
  let base = read;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const written = await deps.db
      .update(socialConnections)
      .set({ ...sealed, updatedAt: new Date() })
      .where(
        and(
          eq(socialConnections.id, base.id),
          eq(socialConnections.accessToken, base.accessToken),
          eq(socialConnections.status, 'connected'),
        ),
      )
      .returning({ id: socialConnections.id });
    if (written.length > 0) return { accessToken: tokens.accessToken, tokenSecret: current.tokenSecret };
    const latest = await load(deps.db, base.id);
    if (!latest || latest.status !== 'connected') throw unusable(latest, read.network);
    const stored = openCredentials(deps.cipher, latest);
    if (stored.accessToken !== current.accessToken) return stored;
    base = latest;
  }
  throw new Error(`could not store the refreshed tokens of connection ${read.id}`);
}
