import { notificationLink, type NotificationKind, type Network } from '@fitpost/contract';
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
