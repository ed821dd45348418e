import { timeZoneProperty, type UserInfo } from '@fitpost/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { portals, userProperties, users } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { accessOf, reconcileExternalRoles } from '../auth/access.js';
import { presentMe } from '../users/presenter.js';
import { listProperties } from '../users/service.js';
import { settingsOf } from '../organisation/service.js';
import type { MemberClaims } from './claims.js';
import { createSession, revokeUserSessions } from '../auth/sessions.js';

const noAccessMessage =
  'Your membership does not include FitPost. Contact customer service to add it to your membership.';

export const unverifiedEmailMessage =
  'Your sign-in provider has not verified your email address. Verify it with your organization, then sign in again.';

/**
 * Turns verified claims into a FitPost user and a session: creates or links the user, refreshes
 * their profile, brings claim-based roles up to date, and refuses members without access. The
 * subject (`sub`) is the identity; the email counts only when the provider says it verified it
 * (`email_verified: true`). An unverified email claims nothing: a new subject is refused before
 * any row holds it (so it can never lock out the address's owner, issue 25), and a known subject
 * keeps the email it had.
 */
export async function signIn(
  db: Db,
  claims: MemberClaims,
  config: Config,
  opts: { idToken?: string | null; now?: Date; timeZone?: string | undefined } = {},
): Promise<UserInfo> {
  const now = opts.now ?? new Date();
  const emailVerified = claims.email_verified === true;
  const outcome = await db.transaction(async (tx) => {
    await tx
      .insert(portals)
      .values({ id: claims.portal_id, alias: String(claims.portal_id), name: `Portal ${claims.portal_id}` })
      .onConflictDoNothing();

    const [bySubject] = await tx.select().from(users).where(eq(users.subject, claims.sub));
    if (!bySubject && !emailVerified)
      throw new AppError('no_access', unverifiedEmailMessage, { portalId: claims.portal_id });
    const profile = {
      ...(emailVerified && { email: claims.email }),
      fullName: claims.name,
      accountType: claims.account_type ?? 'Member',
      thumbnailUrl: claims.picture ?? '',
      profileUrl: claims.profile ?? '',
      updatedAt: now,
    };
    // A user an admin added before their first sign-in is linked by portal and (verified) email;
    // any other account with it in the portal refuses the sign-in.
    const [sameEmail] = bySubject
      ? [undefined]
      : await tx
          .select()
          .from(users)
          .where(
            and(
              eq(users.portalId, claims.portal_id),
              sql`lower(${users.email}) = ${claims.email.toLowerCase()}`,
            ),
          );
    if (sameEmail && sameEmail.subject !== null) {
      throw new AppError(
        'no_access',
        'Your email address belongs to another FitPost account in your portal. Contact customer service.',
        { portalId: claims.portal_id },
      );
    }
    const existing = bySubject ?? sameEmail;
    if (existing && existing.portalId !== claims.portal_id) {
      throw new AppError('no_access', 'Your account belongs to another portal. Contact customer service.', {
        portalId: claims.portal_id,
      });
    }
    const [user] = existing
      ? await tx
          .update(users)
          .set({ ...profile, subject: claims.sub, lastSignInAt: now })
          .where(eq(users.id, existing.id))
          .returning()
      : await tx
          .insert(users)
          .values({
            ...profile,
            email: claims.email,
            portalId: claims.portal_id,
            subject: claims.sub,
            lastSignInAt: now,
          })
          .returning();
    if (!user) throw new Error('user upsert returned no row');

    await reconcileExternalRoles(tx, user.id, {
      entitled: claims.fitpost === true,
      bootstrapAdmin: emailVerified && config.bootstrapAdmins.includes(claims.email.toLowerCase()),
      now,
    });
    const access = await accessOf(tx, user.id, now);
    if (!access.hasAccess) {
      await revokeUserSessions(tx, user.id, now);
      return { user, access, token: null, isNewUser: false };
    }
    const token = await createSession(tx, user.id, config.session, now, opts.idToken ?? null);
    const isNewUser = !existing?.lastSignInAt;
    // A first sign-in keeps the browser's zone as the member's own, so schedules read in the zone
    // the screens show from the start (issue 26); a zone chosen before (by an admin) stays.
    if (isNewUser && opts.timeZone) {
      await tx
        .insert(userProperties)
        .values({ userId: user.id, name: timeZoneProperty, value: opts.timeZone })
        .onConflictDoNothing();
    }
    return { user, access, token, isNewUser };
  });
  if (!outcome.token) throw new AppError('no_access', noAccessMessage, { portalId: claims.portal_id });
  const properties = await listProperties(db, outcome.user.id);
  const { defaultTimeZone } = await settingsOf(db, outcome.user.portalId);
  return {
    ...presentMe(outcome.user, outcome.access, properties, outcome.isNewUser, defaultTimeZone),
    token: outcome.token,
  };
}
