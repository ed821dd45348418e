import { roleIds } from '@fitpost/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userRoles, users } from '../../db/schema.js';
import { makeUser, startTestApp, type TestApp } from '../../test/harness.js';
import type { MemberClaims } from './claims.js';
import { authenticate } from '../auth/sessions.js';
import { signIn, unverifiedEmailMessage } from './sign-in.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const claims = (over: Partial<MemberClaims> = {}): MemberClaims => ({
  sub: 'sub-42',
  email: 'pat@example.com',
  email_verified: true,
  name: 'Pat Pilates',
  portal_id: 1,
  account_type: 'Group Fitness Instructor',
  fitpost: true,
  ...over,
});

describe('signIn', () => {
  it('ends access, and every session, when the organisation withdraws FitPost', async () => {
    const first = await signIn(t.db, claims(), t.config);
    expect(await authenticate(t.db, first.token, t.config.session)).not.toBeNull();
    // The refusal names the portal, so the no-access screen shows that portal's support address.
    await expect(signIn(t.db, claims({ fitpost: false }), t.config)).rejects.toMatchObject({
      code: 'no_access',
      portalId: 1,
    });
    expect(await authenticate(t.db, first.token, t.config.session)).toBeNull();
    // Restored entitlement restores access.
    const again = await signIn(t.db, claims(), t.config);
    expect(again.isNewUser).toBe(false);
  });

  it('keeps a role an admin granted even when the claim says no', async () => {
    const info = await signIn(t.db, claims({ sub: 'sub-43', email: 'sam@example.com' }), t.config);
    await t.db.update(userRoles).set({ source: 'admin' }).where(eq(userRoles.userId, info.id));
    const later = await signIn(
      t.db,
      claims({ sub: 'sub-43', email: 'sam@example.com', fitpost: false }),
      t.config,
    );
    expect(later.id).toBe(info.id);
  });

  it('links a user an admin added by portal and email, and refreshes the profile from the claims', async () => {
    const [added] = await t.db
      .insert(users)
      .values({ portalId: 1, email: 'Robin@Example.com', fullName: 'Robin (added by admin)' })
      .returning();
    const info = await signIn(
      t.db,
      claims({ sub: 'sub-44', email: 'robin@example.com', name: 'Robin Rowing' }),
      t.config,
    );
    expect(info.id).toBe(added?.id);
    expect(info.fullName).toBe('Robin Rowing');
    expect(info.isNewUser).toBe(true);
  });

  it('makes bootstrap admins admins', async () => {
    const info = await signIn(t.db, claims({ sub: 'sub-45', email: 'admin@example.com' }), t.config);
    expect(info.fitPostAdminAccess).toBe(true);
    const roles = await t.db.select().from(userRoles).where(eq(userRoles.userId, info.id));
    expect(roles.map((r) => r.roleId).sort()).toEqual([roleIds.member, roleIds.admin]);
  });
});

describe('email_verified', () => {
  it('refuses an unverified new subject before any row holds its email, in any portal', async () => {
    for (const [portal, unverified] of [
      [1, undefined],
      [1, false],
      [7, false],
    ] as const) {
      const sub = `sub-50-${portal}-${String(unverified)}`;
      const attempt = signIn(
        t.db,
        claims({ sub, portal_id: portal, email: 'admin@example.com', email_verified: unverified }),
        t.config,
      );
      await expect(attempt).rejects.toMatchObject({ code: 'no_access', message: unverifiedEmailMessage });
      expect(await t.db.select().from(users).where(eq(users.subject, sub))).toEqual([]);
    }
    // Nothing was claimed: the address's owner, verified, is portal 7's admin.
    const verified = await signIn(
      t.db,
      claims({ sub: 'sub-51', portal_id: 7, email: 'admin@example.com' }),
      t.config,
    );
    expect(verified.fitPostAdminAccess).toBe(true);
  });

  it('keeps the email a known subject had when a later sign-in claims another, unverified', async () => {
    const first = await signIn(t.db, claims({ sub: 'sub-53', email: 'jo@example.com' }), t.config);
    const later = await signIn(
      t.db,
      claims({ sub: 'sub-53', email: 'admin@example.com', email_verified: false, name: 'Jo Jogger' }),
      t.config,
    );
    expect(later).toMatchObject({ id: first.id, email: 'jo@example.com', fullName: 'Jo Jogger' });
    expect(later.fitPostAdminAccess).toBe(false);
  });

  it('does not link a user an admin added to a sign-in whose email is unverified', async () => {
    const [added] = await t.db
      .insert(users)
      .values({ portalId: 1, email: 'kim@example.com', fullName: 'Kim (added by admin)' })
      .returning();
    const attempt = signIn(
      t.db,
      claims({ sub: 'sub-52', email: 'Kim@example.com', email_verified: false, name: 'Someone Else' }),
      t.config,
    );
    await expect(attempt).rejects.toMatchObject({ code: 'no_access' });
    const [kept] = await t.db
      .select()
      .from(users)
      .where(eq(users.id, added?.id ?? ''));
    expect(kept).toMatchObject({ subject: null, fullName: 'Kim (added by admin)' });
  });
});

describe("an admin's removal of an organisation-granted role", () => {
  const removeRole = async (userId: string, roleId: number, portalId = 1) => {
    const admin = await makeUser(t, { admin: true, portalId });
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/${userId}/role/${roleId}`,
      headers: admin.auth,
    });
    expect(res.statusCode).toBe(200);
    return admin;
  };

  it('sticks across sign-ins while the organisation keeps granting it; a later new grant applies', async () => {
    const member = claims({ sub: 'sub-60', email: 'lee@example.com' });
    const info = await signIn(t.db, member, t.config);
    await removeRole(info.id, roleIds.member);
    // The claim still says fitpost: true, but the removal holds.
    await expect(signIn(t.db, member, t.config)).rejects.toMatchObject({ code: 'no_access' });
    // The organisation withdraws FitPost, then grants it again: that is a new grant.
    await expect(signIn(t.db, { ...member, fitpost: false }, t.config)).rejects.toMatchObject({
      code: 'no_access',
    });
    expect((await signIn(t.db, member, t.config)).id).toBe(info.id);
  });

  it('keeps a removed bootstrap admin a member only, until an admin grants the role again', async () => {
    const boss = claims({ sub: 'sub-61', portal_id: 8, email: 'admin@example.com' });
    const info = await signIn(t.db, boss, t.config);
    expect(info.fitPostAdminAccess).toBe(true);
    const admin = await removeRole(info.id, roleIds.admin, 8);
    expect((await signIn(t.db, boss, t.config)).fitPostAdminAccess).toBe(false);
    const granted = await t.app.inject({
      method: 'POST',
      url: `/api/user/${info.id}/role`,
      headers: admin.auth,
      payload: { userId: info.id, roleId: roleIds.admin },
    });
    expect(granted.statusCode).toBe(200);
    await t.db.delete(userRoles).where(eq(userRoles.userId, info.id));
    // The admin's grant cleared the removal: the bootstrap list applies again.
    expect((await signIn(t.db, boss, t.config)).fitPostAdminAccess).toBe(true);
  });
});

describe('session expiry', () => {
  it('ends an idle session and one past its absolute lifetime', async () => {
    const info = await signIn(t.db, claims({ sub: 'sub-46', email: 'idle@example.com' }), t.config);
    const now = Date.now();
    const idle = new Date(now + t.config.session.idleMs + 1000);
    expect(await authenticate(t.db, info.token, t.config.session, new Date(now + 1000))).not.toBeNull();
    expect(await authenticate(t.db, info.token, t.config.session, idle)).toBeNull();

    const other = await signIn(t.db, claims({ sub: 'sub-46', email: 'idle@example.com' }), t.config);
    // Used every hour, it still ends at the absolute limit.
    let at = now;
    while (at < now + t.config.session.maxMs - 3600_000) {
      at += Math.min(t.config.session.idleMs / 2, 24 * 3600_000);
      expect(await authenticate(t.db, other.token, t.config.session, new Date(at))).not.toBeNull();
    }
    expect(
      await authenticate(t.db, other.token, t.config.session, new Date(now + t.config.session.maxMs + 1000)),
    ).toBeNull();
  });
});
