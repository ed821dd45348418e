import {
  checkHealthClaims,
  healthClaimCorpus,
  type AutoPost,
  type ContentItem,
  type ContentPage,
  type OrganisationSettings,
  type ScheduledPost,
} from '@fitpost/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, startTestApp, type TestApp } from '../../test/harness.js';

// Health-claim checks (issue 30) through the API: members are warned and their posts saved;
// Auto-Posts are refused until an admin acknowledges the claims; each organisation tunes its rules.

const { flagged: mustFlag, clean: mustNotFlag } = healthClaimCorpus;

let t: TestApp;
let admin: Awaited<ReturnType<typeof makeUser>>;
let coach: Awaited<ReturnType<typeof makeUser>>;
let otherAdmin: Awaited<ReturnType<typeof makeUser>>;
let otherCoach: Awaited<ReturnType<typeof makeUser>>;

beforeAll(async () => {
  t = await startTestApp();
  admin = await makeUser(t, { admin: true, name: 'Alex Admin' });
  coach = await makeUser(t);
  otherAdmin = await makeUser(t, { portalId: 2, admin: true });
  otherCoach = await makeUser(t, { portalId: 2 });
});
afterAll(() => t.close());

const call = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  auth: { authorization: string },
  payload?: object,
) => t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });

async function draft(auth: { authorization: string }, body: string) {
  const res = await call('POST', '/api/posts', auth, { body, draft: true });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ScheduledPost>();
}

const inHour = () => new Date(Date.now() + 3_600_000).toISOString();
const autoPost = (body: string, extra: object = {}) => ({
  body,
  networks: ['linkedin'],
  scheduledAt: inHour(),
  ...extra,
});

async function settings(auth: { authorization: string }) {
  const res = await call('GET', '/api/settings/organisation', auth);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<OrganisationSettings>();
}

describe('members’ posts', () => {
  it.each(mustFlag)('warns about "$caption" and saves the post', async ({ caption, rule }) => {
    const post = await draft(coach.auth, caption);
    expect(post.status).toBe('draft');
    expect(post.warnings?.map((w) => w.rule)).toContain(rule);
    // Saved as written: the warning never blocks the save.
    const read = await call('GET', `/api/posts/${post.id}`, coach.auth);
    expect(read.json<ScheduledPost>().body).toBe(caption);
  });

  it.each(mustNotFlag)('does not warn about "%s"', async (caption) => {
    expect((await draft(coach.auth, caption)).warnings).toEqual([]);
  });

  it('warns on a change too, and the changed post is saved', async () => {
    const post = await draft(coach.auth, 'Stretch with us.');
    const res = await call('PUT', `/api/posts/${post.id}`, coach.auth, {
      body: 'Stretch with us: it cures back pain.',
      draft: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ScheduledPost>()).toMatchObject({
      body: 'Stretch with us: it cures back pain.',
      warnings: [{ phrase: 'cures back pain', rule: 'cure' }],
    });
  });
});

describe('Auto-Posts', () => {
  it('refuses one with claims, naming each phrase, and stores nothing', async () => {
    const before = (await call('GET', '/api/autoposts', admin.auth)).json<AutoPost[]>().length;
    const res = await call(
      'POST',
      '/api/autoposts',
      admin.auth,
      autoPost('Our 7-day detox cures back pain.'),
    );
    expect(res.statusCode).toBe(422);
    const message = res.json<{ error: { code: string; message: string } }>().error;
    expect(message.code).toBe('health_claims');
    expect(message.message).toContain('“detox”');
    expect(message.message).toContain('“cures back pain”');
    expect((await call('GET', '/api/autoposts', admin.auth)).json<AutoPost[]>()).toHaveLength(before);
  });

  it('stores the acknowledgement with the admin and time, and shows it on the Auto-Post', async () => {
    const started = Date.now();
    const res = await call(
      'POST',
      '/api/autoposts',
      admin.auth,
      autoPost('Clinically proven stretches.', { acknowledgeWarnings: true }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json<AutoPost>();
    expect(made.warnings).toEqual([
      expect.objectContaining({ phrase: 'Clinically proven', rule: 'unsourced-proof' }),
    ]);
    expect(made.claimsAcknowledged?.by).toEqual({ id: admin.user.id, fullName: 'Alex Admin' });
    expect(Date.parse(made.claimsAcknowledged?.at ?? '')).toBeGreaterThanOrEqual(started - 1000);
    const read = await call('GET', `/api/autoposts/${made.id}`, admin.auth);
    expect(read.json<AutoPost>().claimsAcknowledged).toEqual(made.claimsAcknowledged);

    // A change with new claims needs acknowledging again; a change without any clears it.
    const changed = await call(
      'PUT',
      `/api/autoposts/${made.id}`,
      admin.auth,
      autoPost('Guaranteed results!'),
    );
    expect(changed.statusCode).toBe(422);
    expect(changed.json<{ error: { message: string } }>().error.message).toContain('“Guaranteed results”');
    const clean = await call('PUT', `/api/autoposts/${made.id}`, admin.auth, autoPost('Stretch with us.'));
    expect(clean.statusCode, clean.body).toBe(200);
    expect(clean.json<AutoPost>()).toMatchObject({ warnings: [], claimsAcknowledged: null });
  });

  it('checks the text with merge fields filled, body and X variants', async () => {
    // Written with the field, the claim is too far apart to read as one; filled, it is one.
    const body = 'Lose 10 kg, {first_name|my friend}, within 2 weeks.';
    expect(checkHealthClaims(body)).toEqual([]);
    const res = await call('POST', '/api/autoposts', admin.auth, autoPost(body));
    expect(res.statusCode).toBe(422);
    expect(res.json<{ error: { message: string } }>().error.message).toContain(
      '“Lose 10 kg, my friend, within 2 weeks”',
    );
    const variants = await call('POST', '/api/autoposts', admin.auth, {
      ...autoPost('Move well.'),
      networks: ['x'],
      xVariants: ['Move well, {first_name}.', 'Try our juice cleanse, {first_name}!'],
    });
    expect(variants.statusCode).toBe(422);
    expect(variants.json<{ error: { message: string } }>().error.message).toContain('“juice cleanse”');
  });
});

describe('the organisation’s rules', () => {
  it('lets admins switch rules off and add phrases, recorded in the change log, for their portal only', async () => {
    const current = await settings(admin.auth);
    const { defaults: _d, changes: _c, claimRulesOff: _off, claimPhrases: _phrases, ...body } = current;
    const put = await call('PUT', '/api/settings/organisation', admin.auth, {
      ...body,
      claimRulesOff: ['detox'],
      claimPhrases: [{ phrase: 'fat-burning', suggestion: 'energetic' }],
    });
    expect(put.statusCode, put.body).toBe(200);
    const saved = put.json<OrganisationSettings>();
    expect(saved).toMatchObject({
      claimRulesOff: ['detox'],
      claimPhrases: [{ phrase: 'fat-burning', suggestion: 'energetic' }],
    });
    expect(saved.changes[0]?.fields).toEqual([
      { field: 'claimRulesOff', from: 'none', to: 'Detox or cleanse' },
      { field: 'claimPhrases', from: 'none', to: '“fat-burning”' },
    ]);

    expect((await draft(coach.auth, 'A fat-burning detox class.')).warnings).toEqual([
      expect.objectContaining({ phrase: 'fat-burning', rule: 'organisation', suggestion: 'energetic' }),
    ]);
    // Another portal keeps the built-in rules, and sees none of this portal's settings.
    expect((await draft(otherCoach.auth, 'A fat-burning detox class.')).warnings).toEqual([
      expect.objectContaining({ phrase: 'detox', rule: 'detox' }),
    ]);
    expect(await settings(otherAdmin.auth)).toMatchObject({ claimRulesOff: [], claimPhrases: [] });
    // GET /api/settings/health-claims: any member reads their own portal's rules (for the composer), only.
    const rules = await call('GET', '/api/settings/health-claims', coach.auth);
    expect(rules.statusCode, rules.body).toBe(200);
    expect(rules.json()).toEqual({
      claimRulesOff: ['detox'],
      claimPhrases: [{ phrase: 'fat-burning', suggestion: 'energetic' }],
    });
    const theirs = await call('GET', '/api/settings/health-claims', otherCoach.auth);
    expect(theirs.json()).toEqual({ claimRulesOff: [], claimPhrases: [] });
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/settings/health-claims' });
    expect(anonymous.statusCode).toBe(401);

    // Leaving the lists out of a change keeps them; members cannot change them.
    const again = await call('PUT', '/api/settings/organisation', admin.auth, body);
    expect(again.json<OrganisationSettings>().claimRulesOff).toEqual(['detox']);
    const member = await call('PUT', '/api/settings/organisation', coach.auth, {
      ...body,
      claimRulesOff: [],
    });
    expect(member.statusCode).toBe(403);
    const bad = await call('PUT', '/api/settings/organisation', admin.auth, {
      ...body,
      claimRulesOff: ['nope'],
    });
    expect(bad.statusCode).toBe(400);

    const off = await call('PUT', '/api/settings/organisation', admin.auth, {
      ...body,
      claimRulesOff: [],
      claimPhrases: [],
    });
    expect(off.statusCode, off.body).toBe(200);
  });
});

describe('library content', () => {
  it('keeps each item’s warnings and lets admins list those that have some', async () => {
    const add = async (title: string, body: string) => {
      const res = await call('POST', '/api/content', admin.auth, { title, body });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<ContentItem>();
    };
    const risky = await add('Risky', 'Guaranteed results in 30 days.');
    const fine = await add('Fine', 'Five squat cues.');
    expect(risky.warnings).toEqual([expect.objectContaining({ rule: 'guarantee' })]);
    expect(fine.warnings).toEqual([]);
    const page = await call('GET', '/api/content?include=all&hasWarnings=true&pageSize=100', admin.auth);
    const ids = page.json<ContentPage>().items.map((i) => i.id);
    expect(ids).toContain(risky.id);
    expect(ids).not.toContain(fine.id);
    // Another portal's admin never sees it.
    const other = await call(
      'GET',
      '/api/content?include=all&hasWarnings=true&pageSize=100',
      otherAdmin.auth,
    );
    expect(other.json<ContentPage>().items.map((i) => i.id)).not.toContain(risky.id);
  });
});
