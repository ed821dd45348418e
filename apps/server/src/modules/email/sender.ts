import {
  emailApi,
  emailKindLabels,
  emailTexts,
  oneClickUnsubscribeBody,
  type EmailKind,
} from '@fitpost/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { emailContents, emailOptOuts, emailOutbox } from '../../db/schema-email.js';
import { users } from '../../db/schema.js';
import { groupCommit, type GroupCommit } from '../../lib/group-commit.js';
import type { Logger } from '../../lib/logger.js';
import { queues } from '../../jobs/queues.js';
import { emailJobs, uuidArray, type EmailOutbox } from './outbox.js';
import { isPermanent, type MailTransport } from './transport.js';
import { unsubscribeToken } from './unsubscribe-token.js';

export interface EmailSenderDeps {
  db: Db;
  outbox: EmailOutbox;
  transport: MailTransport;
  from: string;
  publicUrl: string;
  secret: string;
  settings: { maxAttempts: number; backoffMs: number; staleAfterMs: number };
  log: Logger;
  now?: () => Date;
}

interface SendResult {
  sent: number;
  retrying: number;
  failed: number;
  skipped: number;
}

const clock = (deps: Pick<EmailSenderDeps, 'now'>) => deps.now?.() ?? new Date();

// One writer per database handle: concurrent successes are marked sent in one statement.
const writers = new WeakMap<Db, GroupCommit<{ id: string; at: Date }>>();

function markSent(db: Db, id: string, at: Date) {
  let writer = writers.get(db);
  if (!writer) {
    writer = groupCommit<{ id: string; at: Date }>(
      async (rows) => {
        await db
          .update(emailOutbox)
          .set({ status: 'sent', sentAt: rows[0]?.at ?? new Date(), error: null })
          .where(
            and(
              inArray(
                emailOutbox.id,
                rows.map((r) => r.id),
              ),
              eq(emailOutbox.status, 'sending'),
            ),
          );
      },
      { maxBatch: 500 },
    );
    writers.set(db, writer);
  }
  return writer.add({ id, at });
}

/** The message-id domain: the sender address's own. */
const domainOf = (from: string) => /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'fitpost.invalid';

interface Claimed {
  id: string;
  userId: string;
  attempts: number;
  kind: EmailKind;
  subject: string;
  text: string;
  link: string;
  email: string;
  fullName: string;
  optedOut: boolean;
}

/**
 * Sends the outbox rows `ids`: claims those due (`pending → sending`, one conditional update, so
 * a duplicate or stale job claims nothing), sends each through SMTP, and marks it `sent` once the
 * server accepted it. A 4xx or a lost connection is retried with backoff (a new job, written with
 * the rows' new state), a 5xx fails the row for good, a kind the member turned off meanwhile is
 * skipped.
 */
export async function sendEmails(deps: EmailSenderDeps, ids: readonly string[]): Promise<SendResult> {
  const result: SendResult = { sent: 0, retrying: 0, failed: 0, skipped: 0 };
  if (ids.length === 0) return result;
  const now = clock(deps);
  const claimed = await deps.db.execute(sql`
    with claimed as (
      update ${emailOutbox} set status = 'sending', claimed_at = ${now.toISOString()}::timestamptz,
        attempts = attempts + 1
      where id = any(${uuidArray(ids)}) and status = 'pending'
        and next_attempt_at <= ${now.toISOString()}::timestamptz
      returning id, user_id, content_id, attempts)
    select c.id, c.user_id as "userId", c.attempts, e.kind, e.subject, e.text, e.link, u.email,
      u.full_name as "fullName",
      exists (select 1 from ${emailOptOuts} o where o.user_id = c.user_id and o.kind = e.kind) as "optedOut"
    from claimed c join ${emailContents} e on e.id = c.content_id join ${users} u on u.id = c.user_id`);
  const rows = (claimed as { rows: Claimed[] }).rows;
  const retry: { id: string; error: string; at: Date }[] = [];
  const fail: { id: string; error: string }[] = [];
  const skip: string[] = [];
  await Promise.all(
    rows.map(async (row) => {
      if (row.optedOut) return void skip.push(row.id);
      try {
        await deps.transport.sendMail(message(deps, row));
      } catch (err) {
        const error = err instanceof Error ? err.message : String(err);
        if (isPermanent(err) || row.attempts >= deps.settings.maxAttempts) fail.push({ id: row.id, error });
        else {
          const wait = deps.settings.backoffMs * 2 ** (row.attempts - 1);
          retry.push({ id: row.id, error, at: new Date(clock(deps).getTime() + wait) });
        }
        deps.log.warn({ err, emailId: row.id, attempts: row.attempts }, 'email not sent');
        return;
      }
      await markSent(deps.db, row.id, clock(deps));
      result.sent++;
    }),
  );
  if (skip.length > 0 || fail.length > 0 || retry.length > 0)
    await deps.db.transaction(async (tx) => {
      if (skip.length > 0)
        await tx
          .update(emailOutbox)
          .set({ status: 'skipped' })
          .where(and(inArray(emailOutbox.id, skip), eq(emailOutbox.status, 'sending')));
      for (const f of fail)
        await tx
          .update(emailOutbox)
          .set({ status: 'failed', error: f.error })
          .where(and(eq(emailOutbox.id, f.id), eq(emailOutbox.status, 'sending')));
      for (const r of retry)
        await tx
          .update(emailOutbox)
          .set({ status: 'pending', error: r.error, nextAttemptAt: r.at })
          .where(and(eq(emailOutbox.id, r.id), eq(emailOutbox.status, 'sending')));
      // Each retry gets its own job at its own time; the rows' new state and the jobs commit together.
      for (const r of retry) await deps.outbox.enqueueManyIn(tx)(queues.email, emailJobs([r.id], r.at));
    });
  result.skipped = skip.length;
  result.failed = fail.length;
  result.retrying = retry.length;
  return result;
}

/** One email as the member receives it, with RFC 8058 one-click unsubscribe for its kind. */
function message(deps: EmailSenderDeps, row: Claimed) {
  const token = unsubscribeToken(deps.secret, row.userId, row.kind);
  const base = deps.publicUrl.replace(/\/$/, '');
  const page = `${base}${emailApi.unsubscribePage}?token=${token}`;
  const oneClick = `${base}${emailApi.unsubscribe}?token=${token}`;
  const text = [
    row.text,
    '',
    emailTexts.openLine(`${base}${row.link}`),
    '',
    '--',
    emailTexts.footer(emailKindLabels[row.kind]),
    emailTexts.unsubscribeLine(page),
  ].join('\n');
  return {
    from: deps.from,
    to: { name: row.fullName, address: row.email },
    subject: row.subject,
    text,
    // The same id on every attempt of this row: a resend after a crash is recognisably the same email.
    messageId: `<${row.id}@${domainOf(deps.from)}>`,
    headers: {
      'List-Unsubscribe': `<${oneClick}>`,
      'List-Unsubscribe-Post': oneClickUnsubscribeBody,
    },
  };
}

/**
 * Rows whose worker died: `sending` past the lease, or `pending` long past due (their job was
 * fetched by a worker that died before claiming). Both go back to `pending`, due now, with a new
 * job; a row is picked again only after another `staleAfterMs`. At most 1,000 per sweep.
 */
export async function sweepEmails(deps: Pick<EmailSenderDeps, 'db' | 'outbox' | 'settings' | 'now'>) {
  const now = clock(deps);
  const cutoff = new Date(now.getTime() - deps.settings.staleAfterMs).toISOString();
  return deps.db.transaction(async (tx) => {
    const swept = await tx.execute(sql`
      update ${emailOutbox} set status = 'pending', next_attempt_at = ${now.toISOString()}::timestamptz
      where id in (
        select id from ${emailOutbox}
        where status in ('pending', 'sending') and next_attempt_at < ${cutoff}::timestamptz
          and (status = 'pending' or claimed_at < ${cutoff}::timestamptz)
        order by next_attempt_at limit 1000
        for update skip locked)
      returning id`);
    const ids = (swept as { rows: { id: string }[] }).rows.map((r) => r.id);
    await deps.outbox.enqueueManyIn(tx)(queues.email, emailJobs(ids));
    return ids.length;
  });
}
