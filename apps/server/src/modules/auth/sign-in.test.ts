import { roleIds } from '@fitpost/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userRoles, users } from '../../db/schema.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import type { MemberClaims } from './claims.js';
import { authenticate } from './sessions.js';
import { signIn } from './sign-in.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const claims = (over: Partial<MemberClaims> = {}): MemberClaims => ({
  sub: 'sub-42',
  email: 'pat@example.com',
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
    await expect(signIn(t.db, claims({ fitpost: false }), t.config)).rejects.toMatchObject({
      code: 'no_access',
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
