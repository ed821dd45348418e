import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runUpkeep } from './upkeep.js';

let client: PGlite;

beforeAll(async () => {
  client = await PGlite.create();
  await client.exec(`
    create schema jobs;
    create table jobs.queue (id int primary key, state text not null);
    create table quiet (id int primary key);
    insert into quiet values (1), (2), (3);`);
  await runUpkeep(client); // the three rows are below every threshold, so this settles nothing
});
afterAll(() => client.close());

const plannedRows = async (table: string) =>
  (
    await client.query<{ reltuples: number }>(`select reltuples from pg_class where oid = $1::regclass`, [
      table,
    ])
  ).rows[0]?.reltuples;

describe('database upkeep for PGlite', () => {
  it('analyzes a table once enough of it changed, so the planner knows its size', async () => {
    await client.exec(`insert into jobs.queue select g, 'created' from generate_series(1, 5000) g`);
    expect(await plannedRows('jobs.queue')).toBe(-1); // never analyzed: the planner guesses

    const first = await runUpkeep(client);
    expect(first.analyzed).toContain('jobs.queue');
    expect(first.analyzed).not.toContain('public.quiet');
    expect(await plannedRows('jobs.queue')).toBe(5000);

    // Nothing changed since: nothing to do.
    expect(await runUpkeep(client)).toEqual({ analyzed: [], vacuumed: [] });
  });

  it('vacuums a table whose updates left enough dead rows behind', async () => {
    await client.exec(`update jobs.queue set state = 'completed' where id <= 2000`);
    const result = await runUpkeep(client);
    expect(result.vacuumed).toEqual(['jobs.queue']);
    await client.query('select pg_stat_force_next_flush()');
    const { rows } = await client.query<{ dead: number }>(
      `select n_dead_tup::int as dead from pg_stat_user_tables where relname = 'queue'`,
    );
    expect(rows[0]?.dead).toBe(0);
  });

  it('leaves tables with few changes alone', async () => {
    await client.exec(`update jobs.queue set state = 'active' where id <= 10`);
    expect(await runUpkeep(client)).toEqual({ analyzed: [], vacuumed: [] });
  });
});
