import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.js';
import { anyOf, insertRows } from './bulk.js';
import { posts, postTargets } from './schema-posts.js';
import { users } from './schema.js';

let t: TestApp;
let userId: string;

beforeAll(async () => {
  t = await startTestApp();
  const [user] = await t.db
    .insert(users)
    .values({ portalId: 1, email: 'bulk@example.com', fullName: 'Bulk Member' })
    .returning({ id: users.id });
  userId = user!.id;
});
afterAll(() => t.close());

describe('insertRows (one array parameter per column)', () => {
  it('writes every row as Drizzle would, nulls and times included, and answers the returning columns', async () => {
    const due = new Date('2026-12-01T09:30:00.123Z');
    const made = await insertRows(
      t.db,
      posts,
      ['portalId', 'userId', 'body', 'link', 'scheduledAt', 'timeZone'],
      [
        {
          portalId: 1,
          userId,
          body: 'first, with "quotes" and {braces}',
          link: null,
          scheduledAt: due,
          timeZone: 'Europe/London',
        },
        {
          portalId: 1,
          userId,
          body: 'second\nline',
          link: 'https://example.com/a?b=c',
          scheduledAt: null,
          timeZone: 'UTC',
        },
      ],
      { returning: ['id', 'body', 'scheduledAt'] },
    );
    expect(made.map((p) => p.body)).toEqual(['first, with "quotes" and {braces}', 'second\nline']);
    expect(made[0]!.scheduledAt).toEqual(due);
    expect(made[1]!.scheduledAt).toBeNull();

    const stored = await t.db
      .select()
      .from(posts)
      .where(
        anyOf(
          posts.id,
          made.map((p) => p.id),
        ),
      );
    const first = stored.find((p) => p.id === made[0]!.id)!;
    expect(first).toMatchObject({
      link: null,
      timeZone: 'Europe/London',
      draftConnectionIds: [],
      mediaId: null,
    });
    expect(first.scheduledAt).toEqual(due);
    expect(stored.find((p) => p.id === made[1]!.id)!.link).toBe('https://example.com/a?b=c');

    const targets = await insertRows(
      t.db,
      postTargets,
      ['postId', 'portalId', 'userId', 'network', 'accountName', 'dueAt'],
      [{ postId: made[0]!.id, portalId: 1, userId, network: 'x', accountName: '@bulk', dueAt: due }],
      { returning: ['id', 'version', 'status', 'dueAt'] },
    );
    expect(targets).toEqual([{ id: expect.any(String), version: 1, status: 'scheduled', dueAt: due }]);
  });

  it('skips rows that conflict when asked, and answers only the rows it wrote', async () => {
    const autoPostless = { portalId: 1, userId, body: 'same id' };
    const [row] = await insertRows(t.db, posts, ['portalId', 'userId', 'body'], [autoPostless], {
      returning: ['id'],
    });
    const again = await insertRows(
      t.db,
      posts,
      ['id', 'portalId', 'userId', 'body'],
      [
        { id: row!.id, ...autoPostless },
        { id: crypto.randomUUID(), ...autoPostless },
      ],
      { onConflictDoNothing: true, returning: ['id'] },
    );
    expect(again).toHaveLength(1);
    expect(again[0]!.id).not.toBe(row!.id);
    const [kept] = await t.db.select().from(posts).where(eq(posts.id, row!.id));
    expect(kept!.body).toBe('same id');
  });

  it('updates the named columns of rows that conflict when asked, and answers the written and the updated rows', async () => {
    const [row] = await insertRows(
      t.db,
      posts,
      ['portalId', 'userId', 'body', 'link'],
      [{ portalId: 1, userId, body: 'before', link: 'https://example.org/kept' }],
      { returning: ['id'] },
    );
    const fresh = crypto.randomUUID();
    const written = await insertRows(
      t.db,
      posts,
      ['id', 'portalId', 'userId', 'body', 'link'],
      [
        { id: row!.id, portalId: 1, userId, body: 'after', link: 'https://example.org/ignored' },
        { id: fresh, portalId: 1, userId, body: 'new', link: null },
      ],
      { onConflictUpdate: { target: 'id', set: ['body'] }, returning: ['id', 'body'] },
    );
    expect(written).toEqual(
      expect.arrayContaining([
        { id: row!.id, body: 'after' },
        { id: fresh, body: 'new' },
      ]),
    );
    const [updated] = await t.db.select().from(posts).where(eq(posts.id, row!.id));
    expect(updated).toMatchObject({ body: 'after', link: 'https://example.org/kept' });
  });

  it('does nothing for no rows, and refuses an array column rather than flatten it', async () => {
    expect(await insertRows(t.db, posts, ['body'], [], { returning: ['id'] })).toEqual([]);
    await expect(
      insertRows(
        t.db,
        posts,
        ['portalId', 'userId', 'draftConnectionIds'],
        [{ portalId: 1, userId, draftConnectionIds: [] }],
      ),
    ).rejects.toThrow(/array column draft_connection_ids/);
  });
});
