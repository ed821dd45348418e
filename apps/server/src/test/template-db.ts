import { readFile, writeFile } from 'node:fs/promises';
import pg from 'pg';
import { openDatabase, type Database } from '../db/client.js';
import { seedDemo, seedReferenceData } from '../db/seed.js';
import { createJobs } from '../jobs/boss.js';

/**
 * A test run migrates one database and copies it for every test file, instead of migrating (and
 * creating pg-boss's schema and queues) once per file: a PGlite data directory dumped to a tarball
 * and loaded into each file's in-memory PGlite, or a PostgreSQL template database each file's own
 * database is created from. vitest's global set-up (global-setup.ts) builds both; the harness copies.
 */

/** Everything every test database starts with: FitPost's migrations and reference rows, pg-boss's schema and queues. */
async function prepare(database: Database) {
  await database.migrate();
  await seedReferenceData(database.db);
  await seedDemo(database.db);
  const jobs = createJobs(database, { worker: false });
  await jobs.start();
  await jobs.stop();
}

/** Builds the PGlite template and writes it (an uncompressed tarball of the data directory) to `file`. */
export async function buildPgliteTemplate(file: string) {
  const database = await openDatabase({ kind: 'pglite-memory' });
  try {
    await prepare(database);
    if (database.raw.kind !== 'pglite') throw new Error('expected PGlite');
    const dump = await database.raw.client.dumpDataDir('none');
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
}

/** A fresh in-memory PGlite holding a copy of the template at `file`. */
export async function openPgliteCopy(file: string): Promise<Database> {
  const tarball = new Blob([await readFile(file)]);
  return openDatabase({ kind: 'pglite-memory', loadDataDir: tarball });
}

/** Runs `fn` with one client on the server `url` names. */
export async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** The URL of database `name` on the server `adminUrl` names. */
export function databaseUrl(adminUrl: string, name: string) {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Creates database `name` on the server and prepares it as the template every test file copies. */
export async function buildPostgresTemplate(adminUrl: string, name: string) {
  await withClient(adminUrl, async (c) => {
    await c.query(`drop database if exists ${name} with (force)`);
    await c.query(`create database ${name}`);
  });
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl(adminUrl, name), poolSize: 2 });
  try {
    await prepare(database);
  } finally {
    await database.close();
  }
  // Marked as a template: nobody may connect to it by accident and block the copies.
  await withClient(adminUrl, (c) =>
    c.query(`alter database ${name} with is_template true allow_connections false`),
  );
}

/** Creates database `name` as a copy of `template` (no connection to the template may be open). */
export async function copyPostgresTemplate(adminUrl: string, template: string, name: string) {
  await withClient(adminUrl, (c) => c.query(`create database ${name} template ${template}`));
}

/** Drops the template built by buildPostgresTemplate. */
export async function dropPostgresTemplate(adminUrl: string, name: string) {
  await withClient(adminUrl, async (c) => {
    await c.query(`alter database ${name} with is_template false`);
    await c.query(`drop database if exists ${name} with (force)`);
  });
}
