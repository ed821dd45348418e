import { roleIds } from '@fitpost/contract';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userProperties, userRoles, users } from '../../db/schema.js';
import { makeUser, startTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof makeUser>>;
let coach: Awaited<ReturnType<typeof makeUser>>;
let otherCoach: Awaited<ReturnType<typeof makeUser>>;
let otherAdmin: Awaited<ReturnType<typeof makeUser>>;

beforeAll(async () => {
  t = await startTestApp();
  admin = await makeUser(t, { admin: true, name: 'Alex Admin' });
  coach = await makeUser(t, { name: 'Casey Coach', email: 'casey@example.com' });
  otherCoach = await makeUser(t, { portalId: 2, name: 'Olivia Other' });
  otherAdmin = await makeUser(t, { portalId: 2, admin: true, name: 'Oscar Otheradmin' });
});
afterAll(() => t.close());

const inject = (opts: InjectOptions) => t.app.inject(opts);

describe('GET /api/user/me', () => {
  it('refuses a missing or unknown token with 401', async () => {
    expect((await inject({ url: '/api/user/me' })).statusCode).toBe(401);
    const res = await inject({ url: '/api/user/me', headers: { authorization: 'Bearer fp_nope' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: { code: 'unauthenticated', message: expect.any(String) } });
  });

  it('returns the caller without a token field', async () => {
    const res = await inject({ url: '/api/user/me', headers: coach.auth });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: coach.user.id,
      fullName: 'Casey Coach',
      portalId: 1,
      fitPostAdminAccess: false,
    });
    expect(body).not.toHaveProperty('token');
    const adminMe = await inject({ url: '/api/user/me', headers: admin.auth });
    expect(adminMe.json()).toMatchObject({ fitPostAdminAccess: true });
  });
});

describe('GET /api/user (admin search)', () => {
  it('lists only the admin’s portal, paged and sorted', async () => {
    const res = await inject({
      url: '/api/user?pagesize=1&page=1&sort=fullName&desc=false',
      headers: admin.auth,
    });
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({ page: 1, pageSize: 1, total: 2 });
    expect(page.items[0].fullName).toBe('Alex Admin');
    const desc = await inject({ url: '/api/user?sort=fullName&desc=true', headers: admin.auth });
    expect(desc.json().items.map((u: { fullName: string }) => u.fullName)).toEqual([
      'Casey Coach',
      'Alex Admin',
    ]);
  });

  it('filters by keyword and role', async () => {
    const byKeyword = await inject({ url: '/api/user?keyword=casey', headers: admin.auth });
    expect(byKeyword.json().items.map((u: { id: string }) => u.id)).toEqual([coach.user.id]);
    const byRole = await inject({ url: `/api/user?roleid=${roleIds.admin}`, headers: admin.auth });
    expect(byRole.json().items.map((u: { id: string }) => u.id)).toEqual([admin.user.id]);
    const wildcard = await inject({ url: '/api/user?keyword=%25', headers: admin.auth });
    expect(wildcard.json().total).toBe(0);
  });

  it('refuses members and other portals', async () => {
    expect((await inject({ url: '/api/user', headers: coach.auth })).statusCode).toBe(403);
    expect((await inject({ url: '/api/user?portalid=2', headers: admin.auth })).statusCode).toBe(403);
    const theirs = await inject({ url: '/api/user', headers: otherAdmin.auth });
    expect(theirs.json().items.map((u: { portalId: number }) => u.portalId)).toEqual([2, 2]);
  });

  it('explains bad paging with 400', async () => {
    for (const q of ['page=abc', 'page=0', 'pagesize=101', 'sort=password', 'desc=maybe']) {
      const res = await inject({ url: `/api/user?${q}`, headers: admin.auth });
      expect(res.statusCode, q).toBe(400);
      expect(res.json().error.code).toBe('validation');
    }
  });
});

describe('GET /api/user/{id}', () => {
  it('lets a member read themselves only', async () => {
    expect((await inject({ url: `/api/user/${coach.user.id}`, headers: coach.auth })).statusCode).toBe(200);
    expect((await inject({ url: `/api/user/${admin.user.id}`, headers: coach.auth })).statusCode).toBe(403);
  });

  it('hides other portals behind 404, even from admins', async () => {
    const res = await inject({ url: `/api/user/${otherCoach.user.id}`, headers: admin.auth });
    expect(res.statusCode).toBe(404);
  });

  it('rejects a malformed id with 400', async () => {
    expect((await inject({ url: '/api/user/42', headers: admin.auth })).statusCode).toBe(400);
  });
});

describe('properties', () => {
  it('sets one property at a time and lists them', async () => {
    const put = await inject({
      method: 'PUT',
      url: `/api/user/${coach.user.id}/properties`,
      headers: coach.auth,
      payload: { timeZone: 'America/Chicago' },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual([{ name: 'timeZone', value: 'America/Chicago' }]);
    await inject({
      method: 'PUT',
      url: `/api/user/${coach.user.id}/properties`,
      headers: coach.auth,
      payload: { timeZone: 'Europe/London' },
    });
    const get = await inject({ url: `/api/user/${coach.user.id}/properties`, headers: coach.auth });
    expect(get.json()).toEqual([{ name: 'timeZone', value: 'Europe/London' }]);
  });

  it("remembers that the member saw the tour ('true' or 'false' only), for every browser", async () => {
    const url = `/api/user/${coach.user.id}/properties`;
    const bad = await inject({ method: 'PUT', url, headers: coach.auth, payload: { tourSeen: 'yes' } });
    expect(bad.statusCode).toBe(400);
    const put = await inject({ method: 'PUT', url, headers: coach.auth, payload: { tourSeen: 'true' } });
    expect(put.statusCode).toBe(200);
    const get = await inject({ url, headers: coach.auth });
    expect(get.json()).toContainEqual({ name: 'tourSeen', value: 'true' });
    expect(get.json()).not.toContainEqual({ name: 'tourSeen', value: 'yes' });
  });

  it('refuses bad bodies without storing anything', async () => {
    const bodies: unknown[] = [{ a: '1', b: '2' }, {}, { timeZone: 5 }, ['timeZone'], 'text'];
    for (const payload of bodies) {
      const res = await inject({
        method: 'PUT',
        url: `/api/user/${admin.user.id}/properties`,
        headers: { ...admin.auth, 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.message).toEqual(expect.any(String));
    }
    const rows = await t.db.select().from(userProperties).where(eq(userProperties.userId, admin.user.id));
    expect(rows).toEqual([]);
  });

  it('refuses malformed JSON and oversized bodies with a clear 4xx', async () => {
    const malformed = await inject({
      method: 'PUT',
      url: `/api/user/${admin.user.id}/properties`,
      headers: { ...admin.auth, 'content-type': 'application/json' },
      payload: '{"timeZone": ',
    });
    expect(malformed.statusCode).toBe(400);
    const huge = await inject({
      method: 'PUT',
      url: `/api/user/${admin.user.id}/properties`,
      headers: admin.auth,
      payload: { note: 'x'.repeat(300 * 1024) },
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.code).toBe('payload_too_large');
  });

  it('checks the details for Auto-Posts: length (also as X counts), booking link http(s)', async () => {
    const put = (payload: Record<string, string>) =>
      inject({ method: 'PUT', url: `/api/user/${coach.user.id}/properties`, headers: coach.auth, payload });
    expect((await put({ 'autoPost.bookingLink': 'javascript:alert(1)' })).statusCode).toBe(400);
    expect((await put({ 'autoPost.city': 'c'.repeat(41) })).statusCode).toBe(400);
    const cjk = await put({ 'autoPost.city': '陽'.repeat(21) });
    expect(cjk.statusCode).toBe(400);
    expect(cjk.body).toContain('as X counts them');
    const ok = await put({ 'autoPost.bookingLink': 'https://book.example.com/coach' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toContainEqual({
      name: 'autoPost.bookingLink',
      value: 'https://book.example.com/coach',
    });
  });

  it('keeps members out of other users’ properties', async () => {
    const read = await inject({ url: `/api/user/${admin.user.id}/properties`, headers: coach.auth });
    expect(read.statusCode).toBe(403);
    const write = await inject({
      method: 'PUT',
      url: `/api/user/${otherCoach.user.id}/properties`,
      headers: admin.auth,
      payload: { timeZone: 'UTC' },
    });
    expect(write.statusCode).toBe(404);
    const rows = await t.db
      .select()
      .from(userProperties)
      .where(eq(userProperties.userId, otherCoach.user.id));
    expect(rows).toEqual([]);
  });
});

describe('upsert /api/user', () => {
  it('lets an admin add a user to their portal, once per email', async () => {
    const payload = {
      id: '',
      email: 'New.Coach@example.com',
      fullName: 'Nia New',
      accountType: 'Personal Trainer',
    };
    const res = await inject({ method: 'POST', url: '/api/user', headers: admin.auth, payload });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ portalId: 1, fullName: 'Nia New', hasAccess: false });
    const again = await inject({
      method: 'POST',
      url: '/api/user',
      headers: admin.auth,
      payload: { ...payload, email: 'new.coach@EXAMPLE.com' },
    });
    expect(again.statusCode).toBe(409);
  });

  it('refuses members and bad input', async () => {
    const payload = { email: 'x@example.com', fullName: 'X' };
    expect(
      (await inject({ method: 'POST', url: '/api/user', headers: coach.auth, payload })).statusCode,
    ).toBe(403);
    for (const bad of [
      { fullName: 'No Email' },
      { email: 'not-an-email', fullName: 'A' },
      { email: 'a@example.com', fullName: '' },
      { email: 'a@example.com', fullName: 7 },
    ]) {
      const res = await inject({ method: 'POST', url: '/api/user', headers: admin.auth, payload: bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
  });

  it('lets a member rename themselves but not change their email', async () => {
    const base = { email: 'casey@example.com', fullName: 'Casey C. Coach', accountType: 'Personal Trainer' };
    const ok = await inject({
      method: 'PUT',
      url: `/api/user/${coach.user.id}`,
      headers: coach.auth,
      payload: { id: coach.user.id, ...base },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().fullName).toBe('Casey C. Coach');
    const email = await inject({
      method: 'PUT',
      url: `/api/user/${coach.user.id}`,
      headers: coach.auth,
      payload: { ...base, email: 'me@elsewhere.com' },
    });
    expect(email.statusCode).toBe(403);
    const [row] = await t.db.select().from(users).where(eq(users.id, coach.user.id));
    expect(row?.email).toBe('casey@example.com');
  });

  it('never lets an admin change another portal’s user', async () => {
    const res = await inject({
      method: 'PUT',
      url: `/api/user/${otherCoach.user.id}`,
      headers: admin.auth,
      payload: { email: 'hijack@example.com', fullName: 'Hijacked' },
    });
    expect(res.statusCode).toBe(404);
    const [row] = await t.db.select().from(users).where(eq(users.id, otherCoach.user.id));
    expect(row?.fullName).toBe('Olivia Other');
  });
});

describe('PUT /api/user/{id}: the change log', () => {
  it('records an admin’s edit of a user’s details in the organisation’s change log: who, when, what from and to', async () => {
    const dana = await makeUser(t, { name: 'Dana Doe', email: 'dana@example.com' });
    const res = await inject({
      method: 'PUT',
      url: `/api/user/${dana.user.id}`,
      headers: admin.auth,
      payload: {
        id: dana.user.id,
        email: 'dana.doe@example.com',
        fullName: 'Dana Doe-Smith',
        accountType: 'Gym Owner',
        thumbnailUrl: '',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ fullName: 'Dana Doe-Smith', email: 'dana.doe@example.com' });
    const log = await inject({ url: '/api/settings/organisation', headers: admin.auth });
    expect(log.statusCode).toBe(200);
    const [latest] = log.json<{ changes: { changedBy: unknown; subject: string; fields: unknown }[] }>()
      .changes;
    expect(latest).toMatchObject({
      changedBy: { id: admin.user.id, fullName: 'Alex Admin' },
      subject: 'User Dana Doe',
      fields: [
        { field: 'fullName', from: 'Dana Doe', to: 'Dana Doe-Smith' },
        { field: 'email', from: 'dana@example.com', to: 'dana.doe@example.com' },
        { field: 'accountType', from: 'Personal Trainer', to: 'Gym Owner' },
      ],
    });
    // Saving the same details records nothing more.
    await inject({
      method: 'PUT',
      url: `/api/user/${dana.user.id}`,
      headers: admin.auth,
      payload: { email: 'dana.doe@example.com', fullName: 'Dana Doe-Smith', accountType: 'Gym Owner' },
    });
    const again = await inject({ url: '/api/settings/organisation', headers: admin.auth });
    expect(again.json<{ changes: unknown[] }>().changes).toHaveLength(
      log.json<{ changes: unknown[] }>().changes.length,
    );
  });

  it('refuses an email another user of the portal has, a member editing someone else, and bad input', async () => {
    const erin = await makeUser(t, { name: 'Erin Example', email: 'erin@example.com' });
    const base = { email: 'erin@example.com', fullName: 'Erin Example', accountType: 'Member' };
    const taken = await inject({
      method: 'PUT',
      url: `/api/user/${erin.user.id}`,
      headers: admin.auth,
      payload: { ...base, email: 'CASEY@example.com' },
    });
    expect(taken.statusCode).toBe(409);
    const byMember = await inject({
      method: 'PUT',
      url: `/api/user/${erin.user.id}`,
      headers: coach.auth,
      payload: { ...base, fullName: 'Renamed' },
    });
    expect(byMember.statusCode).toBe(403);
    for (const payload of [
      { ...base, email: 'not an email' },
      { ...base, fullName: '   ' },
      { ...base, fullName: 'Erin\u0000 Example' },
    ]) {
      const bad = await inject({
        method: 'PUT',
        url: `/api/user/${erin.user.id}`,
        headers: admin.auth,
        payload,
      });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, erin.user.id));
    expect(row).toMatchObject({ fullName: 'Erin Example', email: 'erin@example.com' });
  });
});

describe('roles', () => {
  it('lists roles for admins only', async () => {
    const res = await inject({ url: '/api/role', headers: admin.auth });
    expect(res.json()).toEqual([
      expect.objectContaining({ id: roleIds.member, name: 'FitPost Member' }),
      expect.objectContaining({ id: roleIds.admin, name: 'FitPost Admin' }),
    ]);
    expect((await inject({ url: '/api/role', headers: coach.auth })).statusCode).toBe(403);
  });

  it('grants a dated role and decides access from the dates', async () => {
    const target = await makeUser(t, { member: false });
    const before = await inject({ url: '/api/user/me', headers: target.auth });
    expect(before.statusCode).toBe(401);
    const start = new Date(Date.now() - 60_000).toISOString();
    const expiry = new Date(Date.now() + 86_400_000).toISOString();
    const res = await inject({
      method: 'POST',
      url: `/api/user/${target.user.id}/role`,
      headers: admin.auth,
      payload: { userId: target.user.id, roleId: roleIds.member, startDate: start, expiryDate: expiry },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      expect.objectContaining({ roleId: roleIds.member, active: true, expiryDate: expiry }),
    ]);
    const roles = await inject({ url: `/api/user/${target.user.id}/roles`, headers: admin.auth });
    expect(roles.json()).toHaveLength(1);
  });

  it('a role that starts in the future does not give access yet', async () => {
    const target = await makeUser(t, { member: false });
    await inject({
      method: 'POST',
      url: `/api/user/${target.user.id}/role`,
      headers: admin.auth,
      payload: {
        userId: target.user.id,
        roleId: roleIds.member,
        startDate: new Date(Date.now() + 3_600_000).toISOString(),
      },
    });
    const roles = await inject({ url: `/api/user/${target.user.id}/roles`, headers: admin.auth });
    expect(roles.json()[0].active).toBe(false);
    expect((await inject({ url: '/api/user/me', headers: target.auth })).statusCode).toBe(401);
  });

  it('refuses bad role requests', async () => {
    const id = coach.user.id;
    const cases: [unknown, number][] = [
      [{ userId: admin.user.id, roleId: roleIds.admin }, 400],
      [{ userId: id, roleId: 'admin' }, 400],
      [{ userId: id, roleId: 99 }, 404],
      [
        {
          userId: id,
          roleId: roleIds.admin,
          startDate: '2030-01-02T00:00:00Z',
          expiryDate: '2030-01-01T00:00:00Z',
        },
        400,
      ],
      [{ userId: id, roleId: roleIds.admin, startDate: 'yesterday' }, 400],
    ];
    for (const [payload, status] of cases) {
      const res = await inject({
        method: 'POST',
        url: `/api/user/${id}/role`,
        headers: admin.auth,
        payload: payload as object,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
    }
    const member = await inject({
      method: 'POST',
      url: `/api/user/${id}/role`,
      headers: coach.auth,
      payload: { userId: id, roleId: roleIds.admin },
    });
    expect(member.statusCode).toBe(403);
    const foreign = await inject({
      method: 'POST',
      url: `/api/user/${otherCoach.user.id}/role`,
      headers: admin.auth,
      payload: { userId: otherCoach.user.id, roleId: roleIds.admin },
    });
    expect(foreign.statusCode).toBe(404);
    const rows = await t.db.select().from(userRoles).where(eq(userRoles.userId, id));
    expect(rows.map((r) => r.roleId)).toEqual([roleIds.member]);
  });

  it('removes a role, ending access immediately', async () => {
    const target = await makeUser(t);
    expect((await inject({ url: '/api/user/me', headers: target.auth })).statusCode).toBe(200);
    const res = await inject({
      method: 'DELETE',
      url: `/api/user/${target.user.id}/role/${roleIds.member}`,
      headers: admin.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    expect((await inject({ url: '/api/user/me', headers: target.auth })).statusCode).toBe(401);
    const again = await inject({
      method: 'DELETE',
      url: `/api/user/${target.user.id}/role/${roleIds.member}`,
      headers: admin.auth,
    });
    expect(again.statusCode).toBe(404);
  });

  it('will not let an admin remove their own admin role, nor a member remove roles', async () => {
    const own = await inject({
      method: 'DELETE',
      url: `/api/user/${admin.user.id}/role/${roleIds.admin}`,
      headers: admin.auth,
    });
    expect(own.statusCode).toBe(409);
    const member = await inject({
      method: 'DELETE',
      url: `/api/user/${coach.user.id}/role/${roleIds.member}`,
      headers: coach.auth,
    });
    expect(member.statusCode).toBe(403);
    const foreign = await inject({
      method: 'DELETE',
      url: `/api/user/${otherAdmin.user.id}/role/${roleIds.admin}`,
      headers: admin.auth,
    });
    expect(foreign.statusCode).toBe(404);
    expect((await inject({ url: '/api/user/me', headers: otherAdmin.auth })).json().fitPostAdminAccess).toBe(
      true,
    );
  });
});
