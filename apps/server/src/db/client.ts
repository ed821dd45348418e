import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as baseSchema from './schema.js';
import * as postsSchema from './schema-posts.js';
import * as librarySchema from './schema-library.js';
import * as autoPostSchema from './schema-autopost.js';
import * as announcementSchema from './schema-announcements.js';
import * as messageSchema from './schema-messages.js';
import * as metricsSchema from './schema-metrics.js';
import * as settingsSchema from './schema-settings.js';
import * as emailSchema from './schema-email.js';
import * as linksSchema from './schema-links.js';
import { useBaselineWasmOnly } from './baseline-wasm.js';

const schema = {
  ...baseSchema,
  ...postsSchema,
  ...librarySchema,
  ...autoPostSchema,
  ...announcementSchema,
  ...messageSchema,
  ...metricsSchema,
  ...settingsSchema,
  ...emailSchema,
  ...linksSchema,
};

/** Works from src/ (tests) and dist/ (built) alike. */
const migrationsFolder = fileURLToPath(new URL('../../src/db/migrations', import.meta.url));

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

type DatabaseSettings =
  /**
   * `sharedBuffers`: PGlite's buffer cache (`shared_buffers`, e.g. `32MB`); unset, PGlite's default
   * (128MB). `optimizeWasm: false`: the process's WebAssembly stays on V8's baseline compiler
   * (baseline-wasm.ts); unset, V8's default.
   */
  | { kind: 'pglite'; dataDir: string; sharedBuffers?: string | undefined; optimizeWasm?: boolean }
  /** In memory; `loadDataDir` starts it from a dumped data directory (tests copy a migrated template). */
  | { kind: 'pglite-memory'; loadDataDir?: Blob }
  | { kind: 'postgres'; url: string; poolSize: number };

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** The raw client, for pg-boss: a PGlite instance or a pg pool. */
  raw: { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; pool: pg.Pool; url: string };
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/** Opens the configured database: embedded PGlite (a directory, or memory for tests) or a PostgreSQL pool. */
export async function openDatabase(settings: DatabaseSettings): Promise<Database> {
  if (settings.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: settings.url, max: settings.poolSize });
    // An idle client's error (server restart) must not crash the process; the next query reconnects.
    pool.on('error', () => undefined);
    const db = drizzlePg({ client: pool, schema });
    return {
      kind: 'postgres',
      db,
      raw: { kind: 'postgres', pool, url: settings.url },
      migrate: () => migrateLocked(pool),
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  if (settings.kind === 'pglite') {
    mkdirSync(settings.dataDir, { recursive: true });
    if (settings.optimizeWasm === false) useBaselineWasmOnly();
    // The buffer cache is most of PGlite's memory, resident from the start (128MB by default).
    const startParams = settings.sharedBuffers
      ? [...PGlite.defaultStartParams, '-c', `shared_buffers=${settings.sharedBuffers}`]
      : undefined;
    client = await PGlite.create(settings.dataDir, startParams ? { startParams } : {});
  } else {
    client = await PGlite.create(settings.loadDataDir ? { loadDataDir: settings.loadDataDir } : {});
  }
  const db = drizzlePglite({ client, schema });
  return {
    kind: 'pglite',
    db,
    raw: { kind: 'pglite', client },
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  };
}

/** Migrations under an advisory lock, so several processes starting at once apply them once. */
async function migrateLocked(pool: pg.Pool) {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock(7243001)');
    await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock(7243001)').catch(() => undefined);
    client.release();
  }
}
