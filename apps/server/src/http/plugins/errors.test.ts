import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { concurrentChange, storageRefusal } from '../../lib/database-errors.js';
import { makeUser, startTestApp, type TestApp } from '../../test/harness.js';
import { logLines } from '../../test/log-lines.js';

let t: TestApp;
const { lines, destination } = logLines();

beforeAll(async () => {
  t = await startTestApp({ LOG_LEVEL: 'info' }, { logTo: destination });
  // Two ways a statement can fail that no schema foresees: a rule of the database, and a fault.
  await t.db.execute(
    sql`alter table posts add constraint fuzz_no_forbidden check (body not like '%forbidden%')`,
  );
  await t.db.execute(sql`
    create function fuzz_refuse() returns trigger language plpgsql as $$
    begin
      if new.body like '%deadlock%' then raise exception 'deadlock detected' using errcode = '40P01'; end if;
      raise exception 'storage is offline';
    end $$`);
  await t.db.execute(sql`
    create trigger fuzz_refuse before insert on posts
    for each row when (new.body like '%offline%' or new.body like '%deadlock%') execute function fuzz_refuse()`);
});
afterAll(() => t.close());

async function saveDraft(body: string) {
  const coach = await makeUser(t);
  lines.length = 0;
  return t.app.inject({
    method: 'POST',
    url: '/api/posts',
    headers: coach.auth,
    payload: { body, draft: true },
  });
}

describe('a statement the database refuses', () => {
  it('answers 400 when the value is the cause, and logs the statement without its values', async () => {
    const secret = 'my forbidden private draft about my client Jane';
    const res = await saveDraft(secret);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'validation', message: storageRefusal } });
    const logged = JSON.stringify(lines);
    expect(logged).not.toContain('Jane');
    expect(logged).not.toContain('params');
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 40,
        err: expect.objectContaining({
          type: 'DatabaseError',
          statement: 'insert into "posts"',
          code: '23514',
          constraint: 'fuzz_no_forbidden',
        }) as unknown,
      }),
    );
  });

  it('answers a generic 500 when the server is the cause, and logs the statement without its values', async () => {
    const res = await saveDraft('offline plans for my client Jane');
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('storage is offline');
    expect(res.body).not.toContain('posts');
    const logged = JSON.stringify(lines);
    expect(logged).not.toContain('Jane');
    expect(logged).not.toContain('params');
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 50,
        msg: 'unhandled error',
        err: expect.objectContaining({
          statement: 'insert into "posts"',
          code: 'P0001',
          message: 'storage is offline',
          stack: expect.stringMatching(/^\s+at /) as unknown,
        }) as unknown,
      }),
    );
  });

  it('answers 409 to repeat when the change deadlocked with another (nothing of it was kept)', async () => {
    const res = await saveDraft('deadlock while my client Jane edits');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: { code: 'conflict', message: concurrentChange } });
    expect(JSON.stringify(lines)).not.toContain('Jane');
  });
});
