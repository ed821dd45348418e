/**
 * Stored health-claim warnings follow the organisation's rules (issue 30): a change of rules in
 * the settings queues one recheck of the portal (in the save's transaction), and the worker's
 * handler rewrites the warnings of its content (library, system and members' feed items) and of
 * its scheduled Auto-Posts, keeping an acknowledgement only for the claims an admin saw.
 */
import {
  type AutoPost,
  type ContentItem,
  type ContentPage,
  type NotificationList,
  type OrganisationSettings,
} from '@fitpost/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rowsOf } from '../db/bulk.js';
import { autoPosts } from '../db/schema-autopost.js';
import { contentItems, feeds } from '../db/schema-library.js';
import { jobSchema, queues } from '../jobs/queues.js';
import { recheckAutoPostClaims } from '../modules/autoposts/claim-recheck.js';
import { recheckBatch, recheckContentClaims } from '../modules/library/claim-recheck.js';
import { makeUser, startTestApp, type TestApp } from '../test/harness.js';
import { call, type TestUser } from '../test/library.js';
import { startClaimRecheck } from './claim-recheck.js';

let t: TestApp;
let admin: TestUser;
let coach: TestUser;
let otherAdmin: TestUser;
const portalId = 5;

beforeAll(async () => {
  t = await startTestApp();
  admin = await makeUser(t, { admin: true, portalId, name: 'Alex Admin' });
  coach = await makeUser(t, { portalId });
  otherAdmin = await makeUser(t, { admin: true, portalId: 6 });
});
afterAll(() => t.close());

/** Saves the portal's rules as `who`'s admin screen would (every other setting as it is). */
async function setRules(
  who: TestUser,
  rules: Partial<Pick<OrganisationSettings, 'claimRulesOff' | 'claimPhrases'>>,
) {
  const current = (await call(t, who, { url: '/api/settings/organisation' })).json<OrganisationSettings>();
  const { defaults: _d, changes: _c, ...body } = current;
  const res = await call(t, who, {
    method: 'PUT',
    url: '/api/settings/organisation',
    payload: { ...body, ...rules },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** The recheck jobs waiting, by portal. */
const waitingRechecks = async () =>
  (
    await rowsOf<{ portal: number }>(
      t.db,
      sql`select (data->>'portalId')::int as portal from ${sql.identifier(jobSchema)}.job
        where name = ${queues.claimRecheck} and state = 'created' order by created_on`,
    )
  ).map((r) => r.portal);

async function addContent(who: TestUser, title: string, body: string) {
  const res = await call(t, who, { method: 'POST', url: '/api/content', payload: { title, body } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ContentItem>();
}

async function scheduleAutoPost(body: string, acknowledgeWarnings = false) {
  const res = await call(t, admin, {
    method: 'POST',
    url: '/api/autoposts',
    payload: {
      body,
      networks: ['linkedin'],
      scheduledAt: new Date(Date.now() + 86_400_000).toISOString(),
      ...(acknowledgeWarnings ? { acknowledgeWarnings } : {}),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<AutoPost>();
}

const autoPostOf = async (id: string) =>
  (await call(t, admin, { url: `/api/autoposts/${id}` })).json<AutoPost>();
const phrases = (item: { warnings: { phrase: string }[] }) => item.warnings.map((w) => w.phrase);
const flaggedTitles = async (who: TestUser) =>
  (await call(t, who, { url: '/api/content?include=all&hasWarnings=true&pagesize=100' }))
    .json<ContentPage>()
    .items.map((i) => i.title)
    .sort();

describe('a change of health-claim rules', () => {
  it('queues one recheck of the portal in the save, and none for a change of other settings', async () => {
    await t.db.execute(sql`delete from ${sql.identifier(jobSchema)}.job where name = ${queues.claimRecheck}`);
    await setRules(admin, { claimPhrases: [{ phrase: 'miracle', suggestion: '' }] });
    expect(await waitingRechecks()).toEqual([portalId]);
    // A burst of changes while one waits: still one waiting (it reads the rules in force when it runs).
    await setRules(admin, { claimPhrases: [{ phrase: 'miracle', suggestion: 'remarkable' }] });
    expect(await waitingRechecks()).toEqual([portalId]);
    // Another setting changed, or the same rules saved again: nothing to recheck.
    await t.db.execute(sql`delete from ${sql.identifier(jobSchema)}.job where name = ${queues.claimRecheck}`);
    const current = (
      await call(t, admin, { url: '/api/settings/organisation' })
    ).json<OrganisationSettings>();
    await setRules(admin, { claimPhrases: current.claimPhrases });
    const { defaults: _d, changes: _c, ...body } = current;
    const other = await call(t, admin, {
      method: 'PUT',
      url: '/api/settings/organisation',
      payload: { ...body, xSpreadMinutes: body.xSpreadMinutes + 5 },
    });
    expect(other.statusCode, other.body).toBe(200);
    expect(await waitingRechecks()).toEqual([]);
    await setRules(admin, { claimPhrases: [] });
  });

  it('rechecks the portal’s content, feed items included, and the admin’s filter follows; other portals keep theirs', async () => {
    const guaranteed = await addContent(admin, 'Guaranteed', 'Guaranteed results in 30 days.');
    const miracle = await addContent(admin, 'Miracle', 'A miracle method for stronger knees.');
    const plain = await addContent(admin, 'Plain', 'Five squat cues.');
    const theirs = await addContent(otherAdmin, 'Their guarantee', 'Guaranteed results in 30 days.');
    // A member's own feed item (stored by the import; written here as it would be).
    const [feed] = await t.db
      .insert(feeds)
      .values({ portalId, userId: coach.user.id, name: 'Mine', url: 'https://example.org/feed' })
      .returning();
    await t.db.insert(contentItems).values({
      portalId,
      type: 'feed',
      title: 'Miracle (feed)',
      body: 'The miracle stretch.',
      feedId: feed?.id,
      feedGuid: 'miracle',
      ownerId: coach.user.id,
    });
    expect(await flaggedTitles(admin)).toEqual(['Guaranteed']);

    await setRules(admin, {
      claimRulesOff: ['guarantee'],
      claimPhrases: [{ phrase: 'miracle', suggestion: 'remarkable' }],
    });
    const stop = await startClaimRecheck(t.jobs.boss, t.db, t.log);
    try {
      await vi.waitFor(async () => expect(await flaggedTitles(admin)).toEqual(['Miracle']), {
        timeout: 20_000,
        interval: 250,
      });
    } finally {
      await stop();
    }
    const item = (await call(t, admin, { url: `/api/content/${miracle.id}` })).json<ContentItem>();
    expect(item.warnings).toEqual([
      expect.objectContaining({ phrase: 'miracle', rule: 'organisation', suggestion: 'remarkable' }),
    ]);
    expect(
      phrases((await call(t, admin, { url: `/api/content/${guaranteed.id}` })).json<ContentItem>()),
    ).toEqual([]);
    expect(phrases((await call(t, admin, { url: `/api/content/${plain.id}` })).json<ContentItem>())).toEqual(
      [],
    );
    const [feedItem] = await t.db
      .select({ warnings: contentItems.claimWarnings })
      .from(contentItems)
      .where(and(eq(contentItems.portalId, portalId), eq(contentItems.feedGuid, 'miracle')));
    expect(feedItem?.warnings.map((w) => w.phrase)).toEqual(['miracle']);
    // Another portal's item is checked with its own (unchanged) rules.
    expect(
      phrases((await call(t, otherAdmin, { url: `/api/content/${theirs.id}` })).json<ContentItem>()),
    ).toEqual(['Guaranteed results']);
    // What a member saves from now on is checked with the new rules too.
    expect(phrases(await addContent(admin, 'New', 'Guaranteed results, a miracle.'))).toEqual(['miracle']);
    await setRules(admin, { claimRulesOff: [], claimPhrases: [] });
    await recheckContentClaims(t.db, portalId);
    expect(await flaggedTitles(admin)).toEqual(['Guaranteed', 'New']);
  });

  it('rechecks scheduled Auto-Posts: an acknowledgement stands for the claims the admin saw, not for new ones', async () => {
    await setRules(admin, { claimRulesOff: [], claimPhrases: [] });
    const proven = await scheduleAutoPost('Clinically proven strength plan.', true);
    const two = await scheduleAutoPost('Clinically proven detox plan.', true);
    const miracle = await scheduleAutoPost('A miracle plan for busy people.');
    const sent = await scheduleAutoPost('Clinically proven recovery plan.', true);
    await t.db.update(autoPosts).set({ status: 'done' }).where(eq(autoPosts.id, sent.id));
    expect(miracle.warnings).toEqual([]);

    await setRules(admin, {
      claimRulesOff: ['unsourced-proof'],
      claimPhrases: [{ phrase: 'miracle', suggestion: '' }],
    });
    expect(await recheckAutoPostClaims(t.db, portalId)).toEqual({ checked: 3, changed: 3 });

    // Its only claim's rule is off: nothing left to check.
    expect(await autoPostOf(proven.id)).toMatchObject({ warnings: [], claimsAcknowledged: null });
    // One of the two claims it was checked for is left: the acknowledgement stands.
    const left = await autoPostOf(two.id);
    expect(phrases(left)).toEqual(['detox']);
    expect(left.claimsAcknowledged).toEqual(two.claimsAcknowledged);
    // A claim no admin has checked: shown, not acknowledged (editing it asks for the check).
    const unchecked = await autoPostOf(miracle.id);
    expect(phrases(unchecked)).toEqual(['miracle']);
    expect(unchecked.claimsAcknowledged).toBeNull();
    // Gone out: it keeps what it was sent with.
    expect(await autoPostOf(sent.id)).toMatchObject({
      warnings: sent.warnings,
      claimsAcknowledged: sent.claimsAcknowledged,
    });
    // The rule back on: a claim the admin checked before, but the acknowledgement ended with it.
    await setRules(admin, { claimRulesOff: [], claimPhrases: [] });
    expect(await recheckAutoPostClaims(t.db, portalId)).toMatchObject({ changed: 3 });
    expect(await autoPostOf(proven.id)).toMatchObject({ claimsAcknowledged: null });
    expect(phrases(await autoPostOf(proven.id))).toEqual(['Clinically proven']);
    // Nothing changed since: nothing is written.
    expect(await recheckAutoPostClaims(t.db, portalId)).toMatchObject({ changed: 0 });
  });

  it('tells the portal’s admins once of the Auto-Posts a change of rules held, and no one else', async () => {
    const earlier = new Set<string>();
    // The held-Auto-Post notifications `who` got in this test (the test above held some too).
    const held = async (who: TestUser) =>
      (await call(t, who, { url: '/api/notification?pagesize=100' }))
        .json<NotificationList>()
        .items.filter((n) => n.kind === 'autopost.held_for_claims' && !earlier.has(n.id));
    await setRules(admin, { claimRulesOff: [], claimPhrases: [] });
    for (const n of await held(admin)) earlier.add(n.id);
    await scheduleAutoPost('An unbelievable mobility plan.');
    await scheduleAutoPost('Unbelievable warm-ups for runners.');
    await setRules(admin, { claimPhrases: [{ phrase: 'unbelievable', suggestion: 'remarkable' }] });
    await recheckAutoPostClaims(t.db, portalId);

    const [told, ...more] = await held(admin);
    expect(more).toEqual([]);
    expect(told).toMatchObject({
      title: '2 Auto-Posts are held until their claims are checked',
      text: 'The organization’s health-claim rules changed after they were scheduled, and each has a claim no admin has checked. They do not go out until an admin edits each one and checks the claims.',
      link: '/app/manage',
    });
    // Checked again with nothing new: no second notification. Members and other portals: none.
    await recheckAutoPostClaims(t.db, portalId);
    expect(await held(admin)).toHaveLength(1);
    expect(await held(coach)).toEqual([]);
    expect(await held(otherAdmin)).toEqual([]);
    await setRules(admin, { claimPhrases: [] });
    await recheckAutoPostClaims(t.db, portalId);
  });

  it('goes through a portal larger than a page, writing only the items whose warnings changed', async () => {
    const bigPortal = 7;
    await makeUser(t, { admin: true, portalId: bigPortal });
    const total = recheckBatch * 2 + 7;
    await t.db.insert(contentItems).values(
      Array.from({ length: total }, (_, i) => ({
        portalId: bigPortal,
        type: 'library' as const,
        title: `Item ${i}`,
        body: i % 100 === 0 ? `Detox day ${i}` : `Squat day ${i}`,
      })),
    );
    // Stored without their warnings (as before issue 30's feed check): the first pass finds the detoxes.
    const first = await recheckContentClaims(t.db, bigPortal);
    expect(first).toEqual({ checked: total, changed: 11 });
    expect(await recheckContentClaims(t.db, bigPortal)).toEqual({ checked: total, changed: 0 });
  });
});
