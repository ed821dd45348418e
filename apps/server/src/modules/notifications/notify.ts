import { notificationLink, type NotificationKind, type Network } from '@fitpost/contract';
import { insertRows } from '../../db/bulk.js';
import type { Db } from '../../db/client.js';
import { notifications } from '../../db/schema.js';
import { queueEmails, type EmailOutbox } from '../email/outbox.js';

export interface NewNotification {
  userId: string;
  kind: NotificationKind;
  title: string;
  body: string;
  postId?: string | null;
  connectionId?: string | null;
  network?: Network | null;
}

/**
 * Tells a member something, inside the caller's transaction: the notification row and, when this
 * FitPost sends email and the member has not turned the kind off, its email (outbox) commit or
 * vanish with what they report.
 */
export async function notify(tx: Db, emails: EmailOutbox | null | undefined, n: NewNotification) {
  await tx.insert(notifications).values(n);
  await queueEmails(tx, emails, {
    userIds: [n.userId],
    kind: n.kind,
    subject: n.title,
    text: n.body,
    link: notificationLink(n.kind, n.network ?? null),
  });
}

/**
 * Tells many members at once, inside the caller's transaction: the rows in one statement, and the
 * emails once per distinct text (members told the same words share one email body).
 */
export async function notifyMany(tx: Db, emails: EmailOutbox | null | undefined, list: NewNotification[]) {
  if (list.length === 0) return;
  await insertRows(
    tx,
    notifications,
    ['userId', 'kind', 'title', 'body', 'postId', 'connectionId', 'network'],
    list.map((n) => ({
      userId: n.userId,
      kind: n.kind,
      title: n.title,
      body: n.body,
      postId: n.postId ?? null,
      connectionId: n.connectionId ?? null,
      network: n.network ?? null,
    })),
  );
  const groups = new Map<string, { n: NewNotification; userIds: string[] }>();
  for (const n of list) {
    const key = JSON.stringify([n.kind, n.title, n.body, n.network ?? null]);
    const group = groups.get(key);
    if (group) group.userIds.push(n.userId);
    else groups.set(key, { n, userIds: [n.userId] });
  }
  for (const { n, userIds } of groups.values())
    await queueEmails(tx, emails, {
      userIds,
      kind: n.kind,
      subject: n.title,
      text: n.body,
      link: notificationLink(n.kind, n.network ?? null),
    });
}
