import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { sessions } from '../../db/schema.js';
import { makeUser, startTestApp, type TestApp } from '../../test/harness.js';
import { hashToken } from '../../lib/tokens.js';
import { authenticate, startSessionPruning } from './sessions.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

it('a scheduled job deletes sessions that ended (expired, idle or revoked) and keeps live ones', async () => {
  const live = await makeUser(t);
  const ended = await Promise.all([makeUser(t), makeUser(t), makeUser(t)]);
  const [expired, idle, revoked] = ended.map((u) => hashToken(u.token));
  const now = Date.now();
  await t.db
    .update(sessions)
    .set({ expiresAt: new Date(now - 1000) })
    .where(eq(sessions.tokenHash, expired!));
  await t.db
    .update(sessions)
    .set({ lastSeenAt: new Date(now - t.config.session.idleMs - 1000) })
    .where(eq(sessions.tokenHash, idle!));
  await t.db
    .update(sessions)
    .set({ revokedAt: new Date(now) })
    .where(eq(sessions.tokenHash, revoked!));
  const hashes = [live, ...ended].map((u) => hashToken(u.token));
  const remaining = async () =>
    (
      await t.db
        .select({ hash: sessions.tokenHash })
        .from(sessions)
        .where(inArray(sessions.tokenHash, hashes))
    )
      .map((r) => r.hash)
      .sort();
  expect(await remaining()).toHaveLength(4);

  const stop = await startSessionPruning(
    t.jobs.boss,
    { db: t.db, settings: t.config.session, log: t.log },
    { everyMs: 1000, pollingIntervalSeconds: 0.5 },
  );
  try {
    await vi.waitFor(async () => expect(await remaining()).toEqual([hashToken(live.token)]), {
      timeout: 20_000,
      interval: 250,
    });
  } finally {
    await stop();
  }
  // The live session still signs its user in.
  expect(await authenticate(t.db, live.token, t.config.session)).toMatchObject({ userId: live.user.id });
});
