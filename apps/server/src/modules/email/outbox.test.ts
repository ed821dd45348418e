import { caughtMail, clearMail, clearMailFaults, injectMailFault } from '@fitpost/sandbox/testing';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../db/schema-email.js';
import { notifications } from '../../db/schema.js';
import { makeUser } from '../../test/harness.js';
import { startEmailWorld, testSenderDeps } from '../../test/email.js';
import { connectAccount } from '../../test/library.js';
import { composeMessage } from '../messages/sending.js';
import { markNeedsReconnect } from '../social/connections.js';
import { queueEmails } from './outbox.js';
import { sendEmails, sweepEmails } from './sender.js';

let world: Awaited<ReturnType<typeof startEmailWorld>>;
beforeAll(async () => {
  world = await startEmailWorld();
});
afterAll(() => world.close());
beforeEach(async () => {
  await clearMailFaults(world.sandbox.url);
  await clearMail(world.sandbox.url);
});

const rowsOf = (userId: string) =>
  world.t.db.select().from(emailOutbox).where(eq(emailOutbox.userId, userId));

async function emailJobCount() {
  const res = await world.t.db.execute(sql`select count(*)::int as n from pgboss.job where name = 'email'`);
  return (res as { rows: { n: number }[] }).rows[0]?.n ?? 0;
}

describe('notification emails', () => {
  it('queues the email with its job in the transaction of the notification, and sends it once', async () => {
    const { t, outbox, sandbox } = world;
    const coach = await makeUser(t, { name: 'Casey Coach' });
    const connectionId = await connectAccount(t, coach, 'x', 'Casey on X');
    const jobsBefore = await emailJobCount();
    await markNeedsReconnect({ db: t.db, emails: outbox }, connectionId, 'X refused the token.');
    const [row] = await rowsOf(coach.user.id);
    expect(row).toMatchObject({ status: 'pending', attempts: 0 });
    expect(await emailJobCount()).toBe(jobsBefore + 1);

    const deps = testSenderDeps(t, outbox);
    expect(await sendEmails(deps, [row!.id])).toMatchObject({ sent: 1 });
    // A duplicate job finds the row sent and claims nothing.
    expect(await sendEmails(deps, [row!.id])).toMatchObject({ sent: 0 });
    deps.transport.close();

    const { messages } = await caughtMail(sandbox.url, coach.user.email);
    expect(messages).toHaveLength(1);
    const mail = messages[0]!;
    expect(mail.subject).toBe('Reconnect Casey on X');
    expect(mail.text).toContain('X refused the token.');
    expect(mail.text).toContain(`${t.config.publicUrl}/app/settings?tab=social-platforms`);
    expect(mail.headers['message-id']).toBe(`<${row!.id}@fitpost.test>`);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.headers['list-unsubscribe']).toMatch(
      new RegExp(`^<${t.config.publicUrl}/api/email/unsubscribe\\?token=[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+>$`),
    );
    expect((await rowsOf(coach.user.id))[0]).toMatchObject({ status: 'sent', attempts: 1 });
    // The catcher counts without listing (benchmarks poll it with limit=0 or 1).
    const counted = await fetch(
      `${sandbox.url}/_sandbox/mail?to=${encodeURIComponent(coach.user.email)}&limit=0`,
    );
    expect(await counted.json()).toMatchObject({ messages: [], total: 1 });
  });

  it('writes neither the email nor its job when the notification rolls back', async () => {
    const { t, outbox } = world;
    const coach = await makeUser(t);
    const jobsBefore = await emailJobCount();
    await t.db
      .transaction(async (tx) => {
        await queueEmails(tx, outbox, {
          userIds: [coach.user.id],
          kind: 'post.failed',
          subject: 'A post failed',
          text: 'Rolled back',
          link: '/app/posts',
        });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await rowsOf(coach.user.id)).toEqual([]);
    expect(await emailJobCount()).toBe(jobsBefore);
  });

  it('writes nothing when email is off', async () => {
    const { t } = world;
    const coach = await makeUser(t);
    const connectionId = await connectAccount(t, coach, 'linkedin', 'Casey on LinkedIn');
    await markNeedsReconnect({ db: t.db, emails: null }, connectionId, 'LinkedIn refused the token.');
    expect(
      await t.db.select().from(notifications).where(eq(notifications.userId, coach.user.id)),
    ).toHaveLength(1);
    expect(await rowsOf(coach.user.id)).toEqual([]);
  });

  it('queues 1,000 recipients in a few statements: one content row, one job per 100', async () => {
    const { t, outbox } = world;
    const members = await Promise.all(Array.from({ length: 30 }, () => makeUser(t)));
    const ids = members.map((m) => m.user.id);
    // 1,000 ids, most of them not users: only members get a row.
    const padded = [...ids, ...Array.from({ length: 970 }, () => crypto.randomUUID())];
    const jobsBefore = await emailJobCount();
    const queued = await t.db.transaction((tx) =>
      queueEmails(tx, outbox, {
        userIds: padded,
        kind: 'messages',
        subject: 'Hi',
        text: 'Hello',
        link: '/app',
      }),
    );
    expect(queued).toBe(30);
    expect(await emailJobCount()).toBe(jobsBefore + 1);
    const rows = await t.db.select().from(emailOutbox).where(inArray(emailOutbox.userId, ids));
    expect(new Set(rows.map((r) => r.contentId)).size).toBe(1);
  });
});

describe('message emails', () => {
  it("queues an admin's message to chosen members from the threads it opened: one row each, one body", async () => {
    const { t, outbox } = world;
    const admin = await makeUser(t, { admin: true });
    const members = await Promise.all(Array.from({ length: 3 }, () => makeUser(t)));
    const ids = members.map((m) => m.user.id);
    const sent = await composeMessage(
      { db: t.db, emails: outbox },
      { sessionId: 'test', userId: admin.user.id, portalId: 1, isAdmin: true },
      { subject: 'Spring challenge', body: 'Join us', to: { userIds: ids } },
    );
    expect(sent).toMatchObject({ kind: 'sent', recipientCount: 3 });
    const rows = await t.db.select().from(emailOutbox).where(inArray(emailOutbox.userId, ids));
    expect(rows.map((r) => r.userId).sort()).toEqual([...ids].sort());
    expect(new Set(rows.map((r) => r.contentId)).size).toBe(1);
  });
});

describe('sending', () => {
  async function queueOne() {
    const { t, outbox } = world;
    const coach = await makeUser(t);
    await t.db.transaction((tx) =>
      queueEmails(tx, outbox, {
        userIds: [coach.user.id],
        kind: 'post.failed',
        subject: 'A post to X failed',
        text: 'Duplicate content',
        link: '/app/posts?view=failed',
      }),
    );
    const [row] = await rowsOf(coach.user.id);
    return { coach, id: row!.id };
  }

  it('retries a "try again later" answer with backoff and a new job, then sends it', async () => {
    const { t, outbox, sandbox } = world;
    const { coach, id } = await queueOne();
    await injectMailFault(sandbox.url, { kind: 'reject', code: 451, times: 1 });
    const deps = testSenderDeps(t, outbox, {
      settings: { maxAttempts: 3, backoffMs: 60_000, staleAfterMs: 60_000 },
    });
    const jobsBefore = await emailJobCount();
    expect(await sendEmails(deps, [id])).toMatchObject({ sent: 0, retrying: 1 });
    const [waiting] = await rowsOf(coach.user.id);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });
    expect(waiting!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 30_000);
    expect(await emailJobCount()).toBe(jobsBefore + 1);
    // Not due yet: the job would claim nothing.
    expect(await sendEmails(deps, [id])).toMatchObject({ sent: 0, retrying: 0 });
    const later = testSenderDeps(t, outbox, { now: () => new Date(Date.now() + 120_000) });
    expect(await sendEmails(later, [id])).toMatchObject({ sent: 1 });
    deps.transport.close();
    later.transport.close();
    expect((await caughtMail(sandbox.url, coach.user.email)).messages).toHaveLength(1);
  });

  it('fails a refused (5xx) email for good without retrying', async () => {
    const { t, outbox, sandbox } = world;
    const { coach, id } = await queueOne();
    await injectMailFault(sandbox.url, { kind: 'reject', code: 550, times: 1 });
    const deps = testSenderDeps(t, outbox);
    expect(await sendEmails(deps, [id])).toMatchObject({ failed: 1 });
    deps.transport.close();
    expect((await rowsOf(coach.user.id))[0]).toMatchObject({ status: 'failed' });
  });

  it('sweeps a row its worker left sending back to pending with a job, after the lease', async () => {
    const { t, outbox, sandbox } = world;
    const { coach, id } = await queueOne();
    const past = new Date(Date.now() - 10 * 60_000);
    await t.db
      .update(emailOutbox)
      .set({ status: 'sending', claimedAt: past, nextAttemptAt: past })
      .where(eq(emailOutbox.id, id));
    const deps = testSenderDeps(t, outbox);
    const fresh = await queueOne();
    expect(await sweepEmails(deps)).toBeGreaterThanOrEqual(1);
    expect((await rowsOf(coach.user.id))[0]).toMatchObject({ status: 'pending' });
    // The fresh row is inside its lease and stays as it was.
    expect((await rowsOf(fresh.coach.user.id))[0]!.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect(await sendEmails(deps, [id])).toMatchObject({ sent: 1 });
    deps.transport.close();
    const { messages } = await caughtMail(sandbox.url, coach.user.email);
    expect(messages.map((m) => m.headers['message-id'])).toEqual([`<${id}@fitpost.test>`]);
  });
});
