import type { OrganisationSettings, OrganisationSettingsBody, PublicConfig } from '@fitpost/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, startTestApp, type TestApp } from '../../test/harness.js';
import { eq } from 'drizzle-orm';
import { socialConnections } from '../../db/schema.js';
import { call, connectAccount, type TestUser } from '../../test/library.js';

let t: TestApp;
let admin: TestUser;
let coach: TestUser;
let otherAdmin: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  admin = await makeUser(t, { admin: true, name: 'Ada Admin' });
  coach = await makeUser(t);
  otherAdmin = await makeUser(t, { admin: true, portalId: 2 });
});
afterAll(() => t.close());

const settings: OrganisationSettingsBody = {
  displayName: 'Strong Together Academy',
  supportEmail: 'help@strong.example',
  defaultTimeZone: 'Europe/Lisbon',
  xSpreadMinutes: 30,
  utmEnabled: false,
  xVariantsRequired: 2,
  xVariantsAboveMembers: 0,
  feedRefreshMinutes: 60,
};

const get = (who: TestUser) => call(t, who, { method: 'GET', url: '/api/settings/organisation' });
const put = (who: TestUser, payload: unknown) =>
  call(t, who, { method: 'PUT', url: '/api/settings/organisation', payload: payload as object });

describe('organisation settings', () => {
  it('starts from the deployment’s defaults and refuses members (403)', async () => {
    const res = await get(admin);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<OrganisationSettings>();
    expect(body).toMatchObject({ displayName: null, supportEmail: null, utmEnabled: true, changes: [] });
    expect(body.defaults.supportEmail).toContain('@');
    expect((await get(coach)).statusCode).toBe(403);
    expect((await put(coach, settings)).statusCode).toBe(403);
  });

  it('saves, records who changed what and when, and leaves another portal untouched', async () => {
    const before = Date.now();
    const res = await put(admin, settings);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<OrganisationSettings>();
    expect(body).toMatchObject(settings);
    const [change] = body.changes;
    expect(change?.changedBy).toEqual({ id: admin.user.id, fullName: 'Ada Admin' });
    expect(Date.parse(change?.changedAt ?? '')).toBeGreaterThanOrEqual(before - 1000);
    expect(change?.fields).toContainEqual({ field: 'supportEmail', from: null, to: 'help@strong.example' });
    expect(change?.fields).toContainEqual({ field: 'utmEnabled', from: 'true', to: 'false' });
    expect(change?.fields).not.toContainEqual(expect.objectContaining({ field: 'xVariantsAboveMembers' }));

    // The same values again record nothing; one changed field records just that one.
    expect((await put(admin, settings)).json<OrganisationSettings>().changes).toHaveLength(1);
    const again = (await put(admin, { ...settings, xSpreadMinutes: 45 })).json<OrganisationSettings>();
    expect(again.changes).toHaveLength(2);
    expect(again.changes[0]?.fields).toEqual([{ field: 'xSpreadMinutes', from: '30', to: '45' }]);

    const other = (await get(otherAdmin)).json<OrganisationSettings>();
    expect(other).toMatchObject({ displayName: null, supportEmail: null, utmEnabled: true, changes: [] });
  });

  it("tells members the organisation's default time zone (for those who set none); another portal gets none", async () => {
    await put(admin, settings);
    const me = (who: TestUser) => call(t, who, { method: 'GET', url: '/api/user/me' });
    expect((await me(coach)).json()).toMatchObject({ organisationTimeZone: 'Europe/Lisbon' });
    expect((await me(otherAdmin)).json()).toMatchObject({ organisationTimeZone: null });
    // The queue's times are read in it too.
    const slots = await call(t, coach, { method: 'GET', url: '/api/queue/slots' });
    expect(slots.json()).toMatchObject({ timeZone: 'Europe/Lisbon' });
  });

  it('refuses bad values with a 400', async () => {
    for (const bad of [
      { ...settings, supportEmail: 'not an email' },
      { ...settings, defaultTimeZone: '+02:00' },
      { ...settings, feedRefreshMinutes: 1 },
      { ...settings, xSpreadMinutes: -1 },
      { ...settings, unknown: true },
      { displayName: 'only one field' },
    ]) {
      const res = await put(admin, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
  });

  it('gives the no-access screen the portal’s support email once set, the deployment’s otherwise', async () => {
    const mine = await call(t, null, { method: 'GET', url: '/api/public-config?portalId=1' });
    expect(mine.json<PublicConfig>()).toEqual({
      organisationName: 'Strong Together Academy',
      supportEmail: 'help@strong.example',
    });
    const theirs = (
      await call(t, null, { method: 'GET', url: '/api/public-config?portalId=2' })
    ).json<PublicConfig>();
    const plain = (await call(t, null, { method: 'GET', url: '/api/public-config' })).json<PublicConfig>();
    expect(theirs).toEqual(plain);
    expect(plain.supportEmail).not.toBe('help@strong.example');
    expect((await call(t, null, { method: 'GET', url: '/api/public-config?portalId=abc' })).statusCode).toBe(
      400,
    );
  });

  it('gives new Auto-Posts the organisation’s UTM default and enforces its X variants rule', async () => {
    await put(admin, { ...settings, xVariantsRequired: 0 });
    const schedule = (payload: object) =>
      call(t, admin, {
        method: 'POST',
        url: '/api/autoposts',
        payload: { scheduledAt: new Date(Date.now() + 3_600_000).toISOString(), body: 'Hello', ...payload },
      });
    const plain = await schedule({ networks: ['linkedin'] });
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json<{ utm: boolean }>().utm).toBe(false);
    expect((await schedule({ networks: ['linkedin'], utm: true })).json<{ utm: boolean }>().utm).toBe(true);
  });

  it('asks for N X variants only when more than M members have Auto-Post on for X', async () => {
    const schedule = (payload: object) =>
      call(t, admin, {
        method: 'POST',
        url: '/api/autoposts',
        payload: {
          scheduledAt: new Date(Date.now() + 3_600_000).toISOString(),
          body: 'Hello',
          networks: ['x'],
          ...payload,
        },
      });
    await put(admin, { ...settings, xVariantsRequired: 2, xVariantsAboveMembers: 1 });
    // One member on X (the coach), not more than 1: no variants needed.
    const onX = await connectAccount(t, coach, 'x', 'Coach on X');
    await t.db.update(socialConnections).set({ autoPost: true }).where(eq(socialConnections.id, onX));
    const fewMembers = await schedule({});
    expect(fewMembers.statusCode, fewMembers.body).toBe(201);

    // A second member on X (in portal 2, which does not count) and then in this portal: now 2 > 1.
    const elsewhere = await connectAccount(t, otherAdmin, 'x', 'Other portal on X');
    await t.db.update(socialConnections).set({ autoPost: true }).where(eq(socialConnections.id, elsewhere));
    expect((await schedule({})).statusCode).toBe(201);
    const second = await makeUser(t);
    const secondOnX = await connectAccount(t, second, 'x', 'Second on X');
    await t.db.update(socialConnections).set({ autoPost: true }).where(eq(socialConnections.id, secondOnX));
    const refused = await schedule({ xVariants: ['Hello there'] });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(
      'Write at least 2 X caption variants: more than 1 members receive this on X',
    );
    // LinkedIn alone is not concerned; two variants satisfy it.
    expect((await schedule({ networks: ['linkedin'] })).statusCode).toBe(201);
    expect((await schedule({ xVariants: ['Hello there', 'Hi all'] })).statusCode).toBe(201);
  });
});
