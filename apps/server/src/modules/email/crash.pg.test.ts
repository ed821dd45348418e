/**
 * Crash safety of the email outbox: a worker process killed with SIGKILL while the SMTP server
 * holds its messages unanswered, then started again, leaves every email delivered exactly once.
 * PostgreSQL only (two processes on one database). The catcher accepts the first emails and then
 * holds its "250" for the rest, so at the kill some emails are sent and marked, some are claimed
 * and in the middle of SMTP (the catcher drops them when the connection dies, as a real server
 * drops a message it never confirmed) and some wait in the queue.
 */
import { caughtMail, clearMailFaults, injectMailFault } from '@fitpost/sandbox/testing';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { emailOutbox } from '../../db/schema-email.js';
import { makeUser } from '../../test/harness.js';
import { emailEnv, startEmailWorld } from '../../test/email.js';
import { networkEnv } from '../../test/social.js';
import { exited, startWorkerProcess } from '../../test/worker-process.js';
import { queueEmails } from './outbox.js';

let world: Awaited<ReturnType<typeof startEmailWorld>>;
beforeAll(async () => {
  world = await startEmailWorld();
});
afterAll(() => world.close());

const startWorker = () =>
  startWorkerProcess(world.t, world.sandbox.url, {
    ...networkEnv(world.sandbox.url),
    ...emailEnv(world.sandbox),
    FITPOST_SMTP_CONNECTIONS: '4',
    FITPOST_EMAIL_STALE_AFTER_MS: '2000',
    FITPOST_SWEEP_INTERVAL_MS: '500',
  });

it('delivers every email exactly once after the worker is killed mid-send and restarted', async () => {
  const { t, sandbox, outbox } = world;
  const members = await Promise.all(Array.from({ length: 60 }, () => makeUser(t)));
  const userIds = members.map((m) => m.user.id);
  const count = (status: 'sent') =>
    t.db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(and(inArray(emailOutbox.userId, userIds), eq(emailOutbox.status, status)))
      .then((rows) => rows.length);
  await injectMailFault(sandbox.url, { kind: 'hold', after: 10 });
  await t.db.transaction((tx) =>
    queueEmails(tx, outbox, {
      userIds,
      kind: 'messages',
      subject: 'Crash drill',
      text: 'Stretch after every session.',
      link: '/app/settings/messages',
    }),
  );

  const first = startWorker();
  // The first ten are accepted and marked sent; the next ones wait for an answer that never comes.
  await expect.poll(() => count('sent'), { timeout: 30_000, interval: 100 }).toBe(10);
  await expect.poll(async () => (await caughtMail(sandbox.url)).held, { timeout: 30_000 }).toBeGreaterThan(0);
  first.kill('SIGKILL');
  await exited(first);
  // The dead worker's connections close: the catcher drops what it never confirmed.
  await expect.poll(async () => (await caughtMail(sandbox.url)).held, { timeout: 30_000 }).toBe(0);
  const { dropped } = await caughtMail(sandbox.url);
  expect(dropped).toBeGreaterThan(0);
  const left = await t.db
    .select({ status: emailOutbox.status })
    .from(emailOutbox)
    .where(inArray(emailOutbox.userId, userIds));
  expect(left.filter((r) => r.status === 'sending').length).toBeGreaterThan(0);
  await clearMailFaults(sandbox.url);

  const second = startWorker();
  try {
    await expect.poll(() => count('sent'), { timeout: 60_000, interval: 250 }).toBe(60);
  } finally {
    second.kill('SIGTERM');
    await exited(second);
  }
  const wanted = new Set(members.map((m) => m.user.email.toLowerCase()));
  const delivered = (await caughtMail(sandbox.url)).messages.filter((m) =>
    m.to.some((address) => wanted.has(address.toLowerCase())),
  );
  expect(delivered).toHaveLength(60);
  expect(new Set(delivered.map((m) => m.to[0]?.toLowerCase())).size).toBe(60);
  expect(new Set(delivered.map((m) => m.headers['message-id'])).size).toBe(60);
}, 180_000);
