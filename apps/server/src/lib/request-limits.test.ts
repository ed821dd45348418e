import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestLimits } from '../db/schema.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { countRequest, pruneRequestCounts } from './request-limits.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t.close();
});

const hour = 3600_000;

/** Moves a key's window end into the past, as if the window had run out. */
const endWindow = (key: string) =>
  t.db
    .update(requestLimits)
    .set({ resetsAt: sql`now() - interval '1 second'` })
    .where(eq(requestLimits.key, key));

describe('countRequest', () => {
  it('counts concurrent requests exactly once each', async () => {
    const counts = await Promise.all(Array.from({ length: 25 }, () => countRequest(t.db, 'burst', hour)));
    expect(counts.map((c) => c.current).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 25 }, (_, i) => i + 1),
    );
    for (const { ttl } of counts) {
      expect(ttl).toBeGreaterThan(hour - 60_000);
      expect(ttl).toBeLessThanOrEqual(hour);
    }
  });

  it('never reports more time left than the window, even for a window opened a moment later', async () => {
    // A concurrent request whose transaction began first sees its window end past a whole window
    // from its own now() (by microseconds; a minute here, so this statement's time cannot hide it).
    await countRequest(t.db, 'late-window', hour);
    await t.db
      .update(requestLimits)
      .set({ resetsAt: sql`now() + ${hour + 60_000} * interval '1 millisecond'` })
      .where(eq(requestLimits.key, 'late-window'));
    expect(await countRequest(t.db, 'late-window', hour)).toEqual({ current: 2, ttl: hour });
  });

  it('starts a new window once the old one has ended', async () => {
    await countRequest(t.db, 'rollover', hour);
    await countRequest(t.db, 'rollover', hour);
    await endWindow('rollover');
    expect((await countRequest(t.db, 'rollover', hour)).current).toBe(1);
  });

  it('prunes ended windows and keeps live ones', async () => {
    await countRequest(t.db, 'ended', hour);
    await countRequest(t.db, 'live', hour);
    await endWindow('ended');
    await pruneRequestCounts(t.db);
    const keys = (await t.db.select({ key: requestLimits.key }).from(requestLimits)).map((r) => r.key);
    expect(keys).toContain('live');
    expect(keys).not.toContain('ended');
  });
});
