import { readFileSync } from 'node:fs';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/bulk.js';
import { users } from '../db/schema.js';
import { makeUser, startTestApp, type TestApp } from './harness.js';

/** The migrations drizzle knows of, from the journal beside the SQL files. */
const journal = JSON.parse(
  readFileSync(new URL('../db/migrations/meta/_journal.json', import.meta.url), 'utf8'),
) as { entries: { tag: string }[] };

/** How many rows `table` holds. */
async function count(t: TestApp, table: SQL) {
  const [row] = await rowsOf<{ n: number }>(t.db, sql`select count(*)::int as n from ${table}`);
  return Number(row?.n);
}

describe('each test file gets its own copy of the migrated template database', () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await startTestApp();
    second = await startTestApp();
  });
  afterAll(async () => {
    await first.close();
    await second.close();
  });

  it('a copy holds every migration, the reference rows and pg-boss’s queues', async () => {
    expect(journal.entries.length).toBeGreaterThan(20);
    expect(await count(first, sql`drizzle.__drizzle_migrations`)).toBe(journal.entries.length);
    expect(await count(second, sql`drizzle.__drizzle_migrations`)).toBe(journal.entries.length);
    expect(await count(first, sql`roles`)).toBe(2);
    expect(await count(first, sql`pgboss.queue`)).toBeGreaterThan(0);
  });

  it('rows written in one copy are not in another, and a copy starts with no users', async () => {
    expect(await second.db.select().from(users)).toEqual([]);
    const { user } = await makeUser(first, { name: 'Only In The First' });
    expect((await first.db.select().from(users)).map((u) => u.id)).toEqual([user.id]);
    expect(await second.db.select().from(users)).toEqual([]);
    // A third copy made after the write starts clean too: the template itself was never written to.
    const third = await startTestApp();
    try {
      expect(await third.db.select().from(users)).toEqual([]);
    } finally {
      await third.close();
    }
  });
});
