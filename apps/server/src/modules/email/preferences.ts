import {
  emailKindLabels,
  emailKindsFor,
  emailTexts,
  type EmailKind,
  type EmailPreferences,
  type EmailPreferencesUpdate,
  type UnsubscribeResult,
} from '@fitpost/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { emailOptOuts } from '../../db/schema-email.js';
import { users } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import type { Actor } from '../auth/sessions.js';
import { readUnsubscribeToken } from './unsubscribe-token.js';

export interface EmailPreferenceDeps {
  db: Db;
  /** Whether this FitPost sends email (FITPOST_SMTP_URL set). */
  enabled: boolean;
  /** FITPOST_EMAIL_SECRET: checks unsubscribe tokens. */
  secret: string | null;
}

/** The caller's email setting for every kind (on unless they turned it off). */
export async function getEmailPreferences(
  deps: EmailPreferenceDeps,
  actor: Actor,
): Promise<EmailPreferences> {
  const off = await deps.db
    .select({ kind: emailOptOuts.kind })
    .from(emailOptOuts)
    .where(eq(emailOptOuts.userId, actor.userId));
  const offKinds = new Set(off.map((o) => o.kind));
  return {
    enabled: deps.enabled,
    kinds: emailKindsFor(actor.isAdmin).map((kind) => ({
      kind,
      label: emailKindLabels[kind],
      email: !offKinds.has(kind),
    })),
  };
}

/** Turns the given kinds on or off for the caller only; answers every kind's setting. */
export async function setEmailPreferences(
  deps: EmailPreferenceDeps,
  actor: Actor,
  input: EmailPreferencesUpdate,
): Promise<EmailPreferences> {
  const on = input.kinds.filter((k) => k.email).map((k) => k.kind);
  const off = input.kinds.filter((k) => !k.email).map((k) => k.kind);
  await deps.db.transaction(async (tx) => {
    if (on.length > 0)
      await tx
        .delete(emailOptOuts)
        .where(and(eq(emailOptOuts.userId, actor.userId), inArray(emailOptOuts.kind, on)));
    if (off.length > 0) await optOut(tx, actor.userId, off);
  });
  return getEmailPreferences(deps, actor);
}

const optOut = (db: Db, userId: string, kinds: EmailKind[]) =>
  db
    .insert(emailOptOuts)
    .values(kinds.map((kind) => ({ userId, kind })))
    .onConflictDoNothing();

/**
 * One-click unsubscribe (RFC 8058), without a session: the token names the member and the kind,
 * signed with FITPOST_EMAIL_SECRET, and turns off exactly that. A token not made by this FitPost
 * is refused (403), and so is one past its year; using a token again changes nothing and answers
 * the same, even once it has expired (that kind is off: the member is told so, politely).
 */
export async function unsubscribe(
  deps: EmailPreferenceDeps,
  token: string,
  now = new Date(),
): Promise<UnsubscribeResult> {
  const named = readUnsubscribeToken(deps.secret, token);
  if (!named) throw new AppError('forbidden', emailTexts.badLink);
  const result = { kind: named.kind, label: emailKindLabels[named.kind] };
  if (named.expiresAt <= now) {
    const [off] = await deps.db
      .select({ kind: emailOptOuts.kind })
      .from(emailOptOuts)
      .where(and(eq(emailOptOuts.userId, named.userId), eq(emailOptOuts.kind, named.kind)));
    if (off) return result;
    throw new AppError('forbidden', emailTexts.expiredLink);
  }
  // The member may have been removed since the email was sent: then there is nothing to turn off.
  await deps.db.execute(sql`
    insert into ${emailOptOuts} (user_id, kind)
    select ${users.id}, ${named.kind} from ${users} where ${users.id} = ${named.userId}
    on conflict do nothing`);
  return result;
}
