import pg from 'pg';
import type { Database } from './client.js';

/** The channel the triggers of migration 0025 announce on: a user's id, or '*' for everyone. */
const accessChannel = 'fitpost_access';
/** How long to wait before listening again after PostgreSQL's connection was lost. */
const reconnectAfterMs = 1000;

/**
 * Who-is-acting changes as they commit (a session revoked or expired, a role granted or removed, a
 * user's record, properties or portal settings changed), from PostgreSQL LISTEN on the database the
 * process uses: a dedicated connection on PostgreSQL, PGlite's own listener in the embedded case.
 * Caches of sessions and users serve only while `live`, and fill only when `epoch` did not move
 * during their read, so a change that lands mid-read is never cached over.
 */
export interface ChangeFeed {
  /** True while listening; while false (connecting, connection lost), caches must not serve. */
  readonly live: boolean;
  /** Grows with every change heard and every loss of the connection. */
  readonly epoch: number;
  /** Calls `onChange` with the user id changed, or '*' when anything may have changed. */
  subscribe(onChange: (userId: string) => void): () => void;
  close(): Promise<void>;
}

export async function openChangeFeed(
  database: Database,
  onError: (err: unknown) => void = () => undefined,
): Promise<ChangeFeed> {
  const subscribers = new Set<(userId: string) => void>();
  let live = false;
  let epoch = 0;
  let closed = false;
  const changed = (userId: string) => {
    epoch += 1;
    for (const fn of subscribers) fn(userId);
  };
  const lost = () => {
    live = false;
    changed('*');
  };
  let close: () => Promise<void>;
  if (database.raw.kind === 'pglite') {
    // One process, one connection: PGlite hands a commit's notifications over before the query
    // that committed resolves.
    const unlisten = await database.raw.client.listen(accessChannel, (payload) => changed(payload));
    live = true;
    close = async () => {
      closed = true;
      live = false;
      await unlisten();
    };
  } else {
    const url = database.raw.url;
    let client: pg.Client | null = null;
    let retry: NodeJS.Timeout | null = null;
    const connect = async () => {
      retry = null;
      const next = new pg.Client({ connectionString: url });
      const dropped = () => {
        if (client !== next) return;
        client = null;
        lost();
        next.end().catch(() => undefined);
        if (!closed) retry = setTimeout(() => void connect(), reconnectAfterMs).unref();
      };
      next.on('notification', (message) => changed(message.payload ?? '*'));
      next.on('error', (err) => {
        onError(err);
        dropped();
      });
      next.on('end', dropped);
      try {
        await next.connect();
        await next.query(`LISTEN ${accessChannel}`);
        if (closed) return void (await next.end());
        client = next;
        // Whatever changed while no one listened is unknown: everything cached goes.
        changed('*');
        live = true;
      } catch (err) {
        onError(err);
        next.end().catch(() => undefined);
        if (!closed) retry = setTimeout(() => void connect(), reconnectAfterMs).unref();
      }
    };
    await connect();
    close = async () => {
      closed = true;
      live = false;
      if (retry) clearTimeout(retry);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    };
  }
  return {
    get live() {
      return live;
    },
    get epoch() {
      return epoch;
    },
    subscribe(onChange) {
      subscribers.add(onChange);
      return () => subscribers.delete(onChange);
    },
    close: () => close(),
  };
}

/**
 * Values read from the database, kept in memory by `key` and dropped when the change feed names the
 * user `userOf` gives for them (or '*'), or when this process says so (`forget`). Serves only while
 * the feed listens; `fill` keeps what it read only if nothing was dropped during the read, so a change
 * that lands mid-read is never cached over. Past `maxEntries` the longest-kept go first.
 */
export class FeedCache<V> {
  readonly #entries = new Map<string, V>();
  #generation = 0;
  readonly #unsubscribe: () => void;

  constructor(
    private readonly feed: ChangeFeed,
    private readonly userOf: (value: V) => string,
    private readonly maxEntries = 20_000,
  ) {
    this.#unsubscribe = feed.subscribe((userId) => this.forget(userId));
  }

  get size() {
    return this.#entries.size;
  }

  get(key: string): V | undefined {
    return this.feed.live ? this.#entries.get(key) : undefined;
  }

  delete(key: string) {
    this.#entries.delete(key);
  }

  /** Reads with `read` and keeps a non-null answer unless something changed meanwhile. */
  async fill<T extends V>(key: string, read: () => Promise<T | null>): Promise<T | null> {
    const before = this.#generation;
    const value = await read();
    if (value === null || !this.feed.live || this.#generation !== before) return value;
    if (this.#entries.size >= this.maxEntries && !this.#entries.has(key)) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    this.#entries.set(key, value);
    return value;
  }

  /** Drops what is kept for `userId` ('*': everything). */
  forget(userId: string) {
    this.#generation += 1;
    if (userId === '*') return this.#entries.clear();
    for (const [key, value] of this.#entries) if (this.userOf(value) === userId) this.#entries.delete(key);
  }

  close() {
    this.#unsubscribe();
  }
}
