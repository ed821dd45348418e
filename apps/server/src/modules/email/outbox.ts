import type { EmailKind } from '@fitpost/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import type { Db } from '../../db/client.js';
import { emailContents, emailOptOuts, emailOutbox } from '../../db/schema-email.js';
import { users } from '../../db/schema.js';
import { enqueueManyIn, queues } from '../../jobs/queues.js';

/** Recipients per email job: 10,000 recipients are 100 jobs, written in one statement. */
const EMAIL_JOB_SIZE = 100;

export interface EmailJob {
  ids: string[];
}

type EnqueueMany = (queue: string, jobs: { data: object; startAfter?: Date }[]) => Promise<unknown>;

/** Where emails are queued: present only when FITPOST_SMTP_URL is set. */
export interface EmailOutbox {
  enqueueManyIn: (tx: Db) => EnqueueMany;
}

/** The process's outbox, or null when this FitPost sends no email. */
export function createEmailOutbox(boss: PgBoss, email: { smtpUrl: string | null }): EmailOutbox | null {
  return email.smtpUrl ? { enqueueManyIn: (tx) => enqueueManyIn(boss, tx) } : null;
}

interface OutgoingEmail {
  /** The recipients: their ids, or a query selecting them (a message's threads, never read into memory). */
  userIds: readonly string[] | SQL;
  kind: EmailKind;
  subject: string;
  /** The email's words; the sender adds the link, the unsubscribe line and the footer. */
  text: string;
  /** Where in FitPost the email sends the member (a path, e.g. a notification's link). */
  link: string;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A PostgreSQL array literal of uuids (checked, so nothing else can reach the statement). */
export function uuidArray(ids: readonly string[]) {
  for (const id of ids) if (!uuidPattern.test(id)) throw new Error(`not a uuid: ${id}`);
  return sql`${`{${ids.join(',')}}`}::uuid[]`;
}

/** Jobs of at most EMAIL_JOB_SIZE outbox ids each. */
export function emailJobs(ids: readonly string[], startAfter?: Date) {
  const jobs: { data: EmailJob; startAfter?: Date }[] = [];
  for (let i = 0; i < ids.length; i += EMAIL_JOB_SIZE)
    jobs.push({ data: { ids: ids.slice(i, i + EMAIL_JOB_SIZE) }, ...(startAfter ? { startAfter } : {}) });
  return jobs;
}

/**
 * Queues one email to many members inside the caller's transaction (the outbox): the words once
 * (`email_contents`), one `email_outbox` row per member who has not turned this kind off, and their
 * jobs — a few statements whatever the number of recipients. Nothing is written when this FitPost
 * sends no email. Returns how many emails were queued.
 */
export async function queueEmails(tx: Db, outbox: EmailOutbox | null | undefined, email: OutgoingEmail) {
  const listed = Array.isArray(email.userIds) ? (email.userIds as readonly string[]) : null;
  if (!outbox || listed?.length === 0) return 0;
  const [content] = await tx
    .insert(emailContents)
    .values({ kind: email.kind, subject: email.subject, text: email.text, link: email.link })
    .returning({ id: emailContents.id });
  if (!content) throw new Error('email content insert returned no row');
  const queued = await tx.execute(sql`
    insert into ${emailOutbox} (content_id, user_id)
    select ${content.id}::uuid, u.id from ${users} u
    where ${listed ? sql`u.id = any(${uuidArray([...new Set(listed)])})` : sql`u.id in (${email.userIds as SQL})`}
      and not exists (select 1 from ${emailOptOuts} o where o.user_id = u.id and o.kind = ${email.kind})
    on conflict do nothing
    returning id`);
  // Both drivers resolve execute() to { rows } (see jobs/queues.ts).
  const ids = (queued as { rows: { id: string }[] }).rows.map((r) => r.id);
  await outbox.enqueueManyIn(tx)(queues.email, emailJobs(ids));
  return ids.length;
}
