import { startSandbox, type Sandbox } from '@fitpost/sandbox';
import { publishedPosts } from '@fitpost/sandbox/testing';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, socialConnections, userProperties } from '../../db/schema.js';
import { emailContents, emailOutbox } from '../../db/schema-email.js';
import { autoPosts } from '../../db/schema-autopost.js';
import { posts, postTargets } from '../../db/schema-posts.js';
import { enqueueIn, enqueueManyIn, jobTables, queues } from '../../jobs/queues.js';
import { rowsOf } from '../../db/bulk.js';
import { makeBulkMembers, type BulkMember } from '../../test/autopost.js';
import { testEngineDeps } from '../../test/engine.js';
import { makeUser, startTestApp, type TestApp } from '../../test/harness.js';
import { networkEnv } from '../../test/social.js';
import type { Actor } from '../auth/sessions.js';
import { publishTargets } from '../posts/engine.js';
import type { EngineDeps } from '../posts/engine-deps.js';
import { runFanout, sweepFanouts, xTextFor, type FanoutDeps } from './fanout.js';
import type { AutoPostDeps } from './access.js';
import { chooseForOccurrence } from './choices.js';
import { recheckAutoPostClaims } from './claim-recheck.js';
import { createPost } from '../posts/service.js';
import {
  postUpsert,
  type AutoPost,
  type AutoPostPreview,
  type OrganisationSettings,
} from '@fitpost/contract';

let sandbox: Sandbox;
let t: TestApp;
let admin: Awaited<ReturnType<typeof makeUser>>;
let engine: EngineDeps;
let fanout: FanoutDeps;
let service: AutoPostDeps;
let seq = 0;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, redirectUris: ['http://localhost:3000/oauth'] });
  t = await startTestApp(networkEnv(sandbox.url));
  admin = await makeUser(t, { admin: true });
  engine = testEngineDeps(t);
  fanout = {
    db: t.db,
    enqueueIn: (tx) => enqueueIn(t.jobs.boss, tx),
    enqueueManyIn: (tx) => enqueueManyIn(t.jobs.boss, tx),
    batchSize: 2,
    staleAfterMs: 60_000,
    // Members' notification emails are queued as the worker's are (FITPOST_SMTP_URL set).
    emails: { enqueueManyIn: (tx) => enqueueManyIn(t.jobs.boss, tx) },
  };
  const postsDeps = { db: t.db, enqueueIn: engine.enqueueIn };
  service = {
    ...postsDeps,
    publicUrl: 'http://localhost:3000',
    createMemberPost: (tx, actor, input) =>
      createPost({ ...postsDeps, db: tx }, actor, postUpsert.parse(input)),
  };
});
afterAll(async () => {
  await t.close();
  await sandbox.close();
});

const inHour = () => new Date(Date.now() + 3_600_000);
const members = (count: number, networks: ('x' | 'linkedin' | 'facebook')[], extra: object = {}) =>
  makeBulkMembers({ db: t.db, cipher: t.cipher, sandboxUrl: sandbox.url }, { count, networks, ...extra });
const actorOf = (m: BulkMember): Actor => ({ sessionId: '', userId: m.userId, portalId: 1, isAdmin: false });

async function schedule(body: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/autoposts',
    headers: admin.auth,
    payload: { scheduledAt: inHour().toISOString(), ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<AutoPost>();
}

/** Runs the fan-out as its job would at the Auto-Post's time, then publishes every target it made. */
async function fanOutAndPublish(ap: AutoPost, version: number, opts: { after?: number } = {}) {
  const at = new Date(new Date(ap.scheduledAt).getTime() + 1000);
  const result = await runFanout({ ...fanout, now: () => at }, { autoPostId: ap.id, version });
  await publishAll(ap.id, new Date(at.getTime() + (opts.after ?? 0)));
  return result;
}

async function targetsOf(autoPostId: string) {
  return t.db
    .select({ target: postTargets, userId: posts.userId })
    .from(postTargets)
    .innerJoin(posts, eq(posts.id, postTargets.postId))
    .where(eq(posts.autoPostId, autoPostId));
}

async function publishAll(autoPostId: string, at: Date) {
  const targets = await targetsOf(autoPostId);
  await publishTargets(
    { ...engine, now: () => at },
    targets.map(({ target }) => ({ targetId: target.id, version: target.version })),
  );
}

const sentTo = async (accountId: string | undefined, text: string) =>
  (await publishedPosts(sandbox.url)).filter((p) => p.accountId === accountId && p.text === text);

describe('Auto-Post fan-out', () => {
  it('posts once per opted-in account, never to opted-out, skipping or customising members', async () => {
    const body = `Auto-Post ${++seq}: five-minute mobility for desk days.`;
    const [reached, skipper, customiser, halfConnected] = (await members(4, ['x', 'linkedin'])) as [
      BulkMember,
      BulkMember,
      BulkMember,
      BulkMember,
    ];
    const [optedOut] = (await members(1, ['x', 'linkedin'], { optedIn: false })) as [BulkMember];
    const people = { reached, skipper, customiser, halfConnected, optedOut };
    await t.db
      .update(socialConnections)
      .set({ status: 'needs_reconnect' })
      .where(eq(socialConnections.id, people.halfConnected.connections.linkedin?.id ?? ''));
    const ap = await schedule({ body, networks: ['x', 'linkedin'] });
    await chooseForOccurrence(service, actorOf(people.skipper), ap.id, 'skip');
    const custom = await chooseForOccurrence(service, actorOf(people.customiser), ap.id, 'custom');
    expect(custom.customPostId).toBeTruthy();

    const result = await fanOutAndPublish(ap, 1);
    expect(result.status).toBe('done');

    for (const network of ['x', 'linkedin'] as const)
      expect(await sentTo(people.reached.connections[network]?.accountId, body)).toHaveLength(1);
    expect(await sentTo(people.halfConnected.connections.x?.accountId, body)).toHaveLength(1);
    expect(await sentTo(people.halfConnected.connections.linkedin?.accountId, body)).toHaveLength(0);
    for (const person of [people.optedOut, people.skipper, people.customiser])
      for (const network of ['x', 'linkedin'] as const)
        expect(await sentTo(person.connections[network]?.accountId, body)).toHaveLength(0);

    // The customised occurrence is the member's own post, sent once by the ordinary engine.
    const customTargets = await t.db
      .select()
      .from(postTargets)
      .where(eq(postTargets.postId, custom.customPostId ?? ''));
    await publishTargets(
      { ...engine, now: () => new Date(new Date(ap.scheduledAt).getTime() + 1000) },
      customTargets.map((c) => ({ targetId: c.id, version: c.version })),
    );
    for (const network of ['x', 'linkedin'] as const)
      expect(await sentTo(people.customiser.connections[network]?.accountId, body)).toHaveLength(1);

    const [row] = await t.db.select().from(autoPosts).where(eq(autoPosts.id, ap.id));
    expect(row).toMatchObject({ status: 'done', membersReached: 2, skippedAccounts: 1 });

    // Each member reached hears once; the half-connected member hears that LinkedIn was skipped
    // (and where it still went), with an email each; the others hear nothing.
    const told = await t.db
      .select()
      .from(notifications)
      .where(
        inArray(
          notifications.userId,
          Object.values(people).map((p) => p.userId),
        ),
      );
    expect(told.map((n) => [n.userId, n.kind]).sort()).toEqual(
      [
        [people.reached.userId, 'autopost.reached'],
        [people.halfConnected.userId, 'autopost.skipped_account'],
      ].sort(),
    );
    const skippedNote = told.find((n) => n.kind === 'autopost.skipped_account');
    expect(skippedNote?.body).toBe(
      'It was not posted to your LinkedIn account: it needs reconnecting. It is going to your X account. Open Settings → Social Platforms and choose Reconnect.',
    );
    expect(told.find((n) => n.kind === 'autopost.reached')?.body).toBe(
      'FitPost is posting it to your LinkedIn and X accounts.',
    );
    const mailed = await t.db
      .select({ userId: emailOutbox.userId, kind: emailContents.kind })
      .from(emailOutbox)
      .innerJoin(emailContents, eq(emailContents.id, emailOutbox.contentId))
      .where(
        inArray(
          emailOutbox.userId,
          Object.values(people).map((p) => p.userId),
        ),
      );
    expect(mailed.map((m) => [m.userId, m.kind]).sort()).toEqual(told.map((n) => [n.userId, n.kind]).sort());
    const progress = await t.app.inject({
      method: 'GET',
      url: `/api/autoposts/${ap.id}`,
      headers: admin.auth,
    });
    expect(progress.json()).toMatchObject({
      progress: { membersReached: 2, skippedAccounts: 1, skippedMembers: 1, customised: 1 },
    });

    // Running the fan-out again (a redelivered job, a resumed crash) creates nothing new.
    const again = await runFanout(
      { ...fanout, now: () => new Date(new Date(ap.scheduledAt).getTime() + 2000) },
      { autoPostId: ap.id, version: 1 },
    );
    expect(again.status).toBe('skipped');
    expect(await targetsOf(ap.id)).toHaveLength(3);
  });

  it('makes no Custom Post once the fan-out has started, so the occurrence is not posted twice', async () => {
    const [member] = (await members(1, ['linkedin'])) as [BulkMember];
    const body = `Auto-Post ${++seq}: custom too late.`;
    const ap = await schedule({ body, networks: ['linkedin'] });
    await t.db.update(autoPosts).set({ status: 'fanning_out' }).where(eq(autoPosts.id, ap.id));
    await expect(chooseForOccurrence(service, actorOf(member), ap.id, 'custom')).rejects.toThrow(
      'already started publishing',
    );
    expect(await t.db.select().from(posts).where(eq(posts.body, body))).toHaveLength(0);
  });

  it('sends the edited Auto-Post, not the version first scheduled', async () => {
    const [member] = await members(1, ['linkedin']);
    const first = `Auto-Post ${++seq}: original caption.`;
    const edited = `Auto-Post ${seq}: edited caption.`;
    const ap = await schedule({ body: first, networks: ['linkedin'] });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/autoposts/${ap.id}`,
      headers: admin.auth,
      payload: { body: edited, networks: ['linkedin'], scheduledAt: ap.scheduledAt },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await fanOutAndPublish(ap, 1)).status).toBe('skipped');
    expect((await fanOutAndPublish(ap, 2)).status).toBe('done');
    expect(await sentTo(member?.connections.linkedin?.accountId, first)).toHaveLength(0);
    expect(await sentTo(member?.connections.linkedin?.accountId, edited)).toHaveLength(1);
  });

  it('sends nothing once cancelled', async () => {
    const [member] = await members(1, ['linkedin']);
    const body = `Auto-Post ${++seq}: canceled.`;
    const ap = await schedule({ body, networks: ['linkedin'] });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/autoposts/${ap.id}/cancel`,
      headers: admin.auth,
    });
    expect(res.json()).toMatchObject({ status: 'cancelled' });
    expect((await fanOutAndPublish(ap, 1)).status).toBe('skipped');
    expect((await fanOutAndPublish(ap, 2)).status).toBe('skipped');
    expect(await sentTo(member?.connections.linkedin?.accountId, body)).toHaveLength(0);
    expect(await targetsOf(ap.id)).toHaveLength(0);
  });

  it('does not reach back to accounts opted in after the fan-out started', async () => {
    const ap = await schedule({ body: `Auto-Post ${++seq}: late opt-in.`, networks: ['linkedin'] });
    const [late] = await members(1, ['linkedin'], {
      optedInSince: new Date(new Date(ap.scheduledAt).getTime() + 30_000),
    });
    const [early] = await members(1, ['linkedin']);
    await fanOutAndPublish(ap, 1);
    const userIds = (await targetsOf(ap.id)).map((r) => r.userId);
    expect(userIds).toContain(early?.userId);
    expect(userIds).not.toContain(late?.userId);
  });

  it('gives each X member one caption variant and spreads X sends over the window', async () => {
    const group = await members(8, ['x', 'linkedin']);
    const variants = [`V${++seq}a: squat deep.`, `V${seq}b: hinge well.`, `V${seq}c: brace hard.`];
    const ap = await schedule({
      body: `Auto-Post ${seq}: the main caption.`,
      networks: ['x', 'linkedin'],
      xVariants: variants,
      xSpreadMinutes: 10,
    });
    await fanOutAndPublish(ap, 1, { after: 10 * 60_000 });
    const rows = (await targetsOf(ap.id)).filter((r) => group.some((m) => m.userId === r.userId));
    const x = rows.filter((r) => r.target.network === 'x');
    const li = rows.filter((r) => r.target.network === 'linkedin');
    expect(x).toHaveLength(8);
    expect(li.every((r) => r.target.bodyOverride === null)).toBe(true);
    expect(x.every((r) => variants.includes(r.target.bodyOverride ?? ''))).toBe(true);
    // Each member's variant is the one chosen for them (stable across retries and previews);
    // across many members every variant is used (fixed ids, so this cannot turn on chance).
    for (const r of x)
      expect(r.target.bodyOverride).toBe(xTextFor({ id: ap.id, xVariants: variants }, r.userId));
    const spread = Array.from({ length: 60 }, (_, i) =>
      xTextFor({ id: '00000000-0000-4000-8000-000000000001', xVariants: variants }, `member-${i}`),
    );
    expect(new Set(spread)).toEqual(new Set(variants));
    const start = new Date(ap.scheduledAt).getTime();
    const offsets = x.map((r) => r.target.dueAt.getTime() - start);
    expect(Math.min(...offsets)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...offsets)).toBeLessThan(10 * 60_000);
    expect(new Set(offsets).size).toBeGreaterThan(1);
    for (const m of group) {
      const sent = (await publishedPosts(sandbox.url, { network: 'x' })).filter(
        (p) => p.accountId === m.connections.x?.accountId,
      );
      expect(sent).toHaveLength(1);
      expect(variants).toContain(sent[0]?.text);
    }
  });

  it('never creates a second post when two runs of one fan-out race, and the sweep resumes a stalled one', async () => {
    const group = await members(7, ['linkedin']);
    const ap = await schedule({ body: `Auto-Post ${++seq}: raced.`, networks: ['linkedin'] });
    const at = new Date(new Date(ap.scheduledAt).getTime() + 1000);
    // A fan-out that stopped after its first batch, as if its worker was killed.
    await t.db
      .update(autoPosts)
      .set({ status: 'fanning_out', fanoutStartedAt: at, updatedAt: new Date(at.getTime() - 120_000) })
      .where(eq(autoPosts.id, ap.id));
    expect(await sweepFanouts({ ...fanout, now: () => at })).toBeGreaterThanOrEqual(1);
    await Promise.all([
      runFanout({ ...fanout, now: () => at }, { autoPostId: ap.id, version: 1 }),
      runFanout({ ...fanout, now: () => at }, { autoPostId: ap.id, version: 1 }),
    ]);
    const made = await t.db
      .select({ userId: posts.userId })
      .from(posts)
      .where(
        and(
          eq(posts.autoPostId, ap.id),
          inArray(
            posts.userId,
            group.map((m) => m.userId),
          ),
        ),
      );
    expect(made).toHaveLength(7);
    expect(new Set(made.map((m) => m.userId)).size).toBe(7);
  });

  it('pauses after its current batch when the worker shuts down, and a new run continues from the cursor', async () => {
    const group = await members(5, ['linkedin']);
    const ap = await schedule({ body: `Auto-Post ${++seq}: paused by a deploy.`, networks: ['linkedin'] });
    const postsMade = () =>
      t.db.select({ userId: posts.userId }).from(posts).where(eq(posts.autoPostId, ap.id));
    const at = new Date(new Date(ap.scheduledAt).getTime() + 1000);
    let batches = 0;
    // The worker begins to stop while the first batch (2 members) is being written.
    const stopping = { ...fanout, now: () => at, isStopping: () => batches++ > 0 };
    expect(await runFanout(stopping, { autoPostId: ap.id, version: 1 })).toEqual({
      status: 'paused',
      members: 2,
    });
    // The first page of members may hold earlier tests' members whose account is disconnected,
    // so the count reached is what was written, at most the batch's two.
    const paused = (await t.db.select().from(autoPosts).where(eq(autoPosts.id, ap.id)))[0];
    const madeBeforePause = await postsMade();
    expect(madeBeforePause.length).toBeLessThanOrEqual(2);
    expect(paused).toMatchObject({ status: 'fanning_out', membersReached: madeBeforePause.length });
    expect(paused?.fanoutCursor).not.toBeNull();

    const resumed = await runFanout({ ...fanout, now: () => at }, { autoPostId: ap.id, version: 1 });
    expect(resumed.status).toBe('done');
    const done = (await t.db.select().from(autoPosts).where(eq(autoPosts.id, ap.id)))[0];
    expect(done?.status).toBe('done');
    const made = await postsMade();
    expect(new Set(made.map((m) => m.userId)).size).toBe(made.length);
    expect(done?.membersReached).toBe(made.length);
    // Every one of this test's members was reached once, across the pause.
    const reached = new Set(made.map((m) => m.userId));
    for (const m of group) expect(reached.has(m.userId)).toBe(true);
  });

  it('analyzes the targets and the publish queue once it has written them, so their statements are planned for what is queued', async () => {
    await members(3, ['linkedin']);
    const ap = await schedule({
      body: `Auto-Post ${++seq}: planned for a full queue.`,
      networks: ['linkedin'],
    });
    const at = new Date(new Date(ap.scheduledAt).getTime() + 1000);
    const jobTable = jobTables(t.jobs.boss);
    // One batch: the statistics are taken after it, so they count every row it wrote.
    const result = await runFanout(
      { ...fanout, batchSize: 1000, jobTable, now: () => at },
      { autoPostId: ap.id, version: 1 },
    );
    expect(result.status).toBe('done');
    for (const table of [sql`${postTargets}`, await jobTable(queues.publish)]) {
      const [row] = await rowsOf<{ estimated: number; counted: number }>(
        t.db,
        sql`select (select c.reltuples from pg_class c where c.oid = (select tableoid from ${table} limit 1))::int
                     as estimated,
                   (select count(*) from ${table})::int as counted`,
      );
      expect(row?.estimated).toBe(row?.counted);
    }
  });

  it('holds an Auto-Post whose claims a change of rules left unchecked, until an admin checks them', async () => {
    const [member] = await members(1, ['linkedin']);
    const body = `Auto-Post ${++seq}: a miracle plan for busy people.`;
    const ap = await schedule({ body, networks: ['linkedin'] });
    expect(ap.warnings).toEqual([]);
    // The organisation adds the phrase; the recheck finds it, and no admin has checked it.
    await setClaimPhrases(['miracle']);
    await recheckAutoPostClaims(t.db, 1);
    const [held] = await t.db.select().from(autoPosts).where(eq(autoPosts.id, ap.id));
    expect(held?.claimWarnings.map((w) => w.phrase)).toEqual(['miracle']);

    // At its time nothing is made or sent, and the sweep leaves it alone.
    expect((await fanOutAndPublish(ap, 1)).status).toBe('skipped');
    expect(await targetsOf(ap.id)).toHaveLength(0);
    const later = new Date(new Date(ap.scheduledAt).getTime() + 3_600_000);
    await sweepFanouts({ ...fanout, now: () => later });
    const [swept] = await t.db.select().from(autoPosts).where(eq(autoPosts.id, ap.id));
    expect(swept).toMatchObject({ status: 'scheduled', updatedAt: held?.updatedAt });

    // An admin checks the claims in the edit: that version goes out.
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/autoposts/${ap.id}`,
      headers: admin.auth,
      payload: { body, networks: ['linkedin'], scheduledAt: ap.scheduledAt, acknowledgeWarnings: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await fanOutAndPublish(ap, 2)).status).toBe('done');
    expect(await sentTo(member?.connections.linkedin?.accountId, body)).toHaveLength(1);
    await setClaimPhrases([]);
  });
});

/** Saves portal 1's own health-claim phrases, every other setting as it is. */
async function setClaimPhrases(phrases: string[]) {
  const current = await t.app.inject({ url: '/api/settings/organisation', headers: admin.auth });
  const { defaults: _d, changes: _c, ...settings } = current.json<OrganisationSettings>();
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/settings/organisation',
    headers: admin.auth,
    payload: { ...settings, claimPhrases: phrases.map((phrase) => ({ phrase, suggestion: '' })) },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('Personal Auto-Posts (merge fields and UTM)', () => {
  async function setDetails(userId: string, details: Record<string, string>) {
    for (const [name, value] of Object.entries(details))
      await t.db.insert(userProperties).values({ userId, name: `autoPost.${name}`, value });
  }

  it('publishes each member’s own name, booking link and tagged link; no field left in any text', async () => {
    const [ana, ben, bare] = (await members(3, ['x', 'linkedin'])) as [BulkMember, BulkMember, BulkMember];
    await setDetails(ana.userId, {
      displayName: 'Ana Souza',
      bookingLink: 'https://book.example.com/ana',
      city: 'Lisbon',
    });
    await setDetails(ben.userId, {
      displayName: 'Ben {city} Okafor',
      bookingLink: 'https://book.example.com/ben',
      city: 'Leeds',
    });
    const tag = `MF${++seq}`;
    const ap = await schedule({
      body: `${tag} Hi, I'm {first_name} from {business_name|my studio} in {city}. Book: {booking_link}`,
      xVariants: [`${tag} {first_name} says: train with me in {city}! {booking_link}`],
      link: 'https://fit.example.com/spring',
      networks: ['x', 'linkedin'],
    });
    expect(ap.utm).toBe(true);
    await fanOutAndPublish(ap, 1);

    const sent = (await publishedPosts(sandbox.url)).filter((p) => p.text.startsWith(tag));
    const of = (m: BulkMember, network: 'x' | 'linkedin') =>
      sent.filter((p) => p.network === network && p.accountId === m.connections[network]?.accountId);
    for (const [member, name, city, booking] of [
      [ana, 'Ana', 'Lisbon', 'https://book.example.com/ana'],
      [ben, 'Ben', 'Leeds', 'https://book.example.com/ben'],
    ] as const) {
      const [onX] = of(member, 'x');
      const [onLinkedIn] = of(member, 'linkedin');
      expect(onX?.text).toContain(`${tag} ${name} says: train with me in ${city}! ${booking}`);
      expect(onLinkedIn?.text).toContain(`Hi, I'm ${name} from my studio in ${city}. Book: ${booking}`);
    }
    // Ben's own braces stay his: his display name is printed, never read as a field.
    expect(of(ben, 'linkedin')[0]?.text).not.toContain('Leeds Okafor');
    // A member with no details: the sign-in name, the fallback, the sentence closed around the rest.
    // The words leading into a missing field go with it: no dangling "in." or "Book:" (issue 26).
    expect(of(bare, 'linkedin')[0]?.text).toMatch(new RegExp(`^${tag} Hi, I'm Member from my studio\\.`));
    expect(of(bare, 'linkedin')[0]?.text).not.toContain('Book:');
    // The notification names the Auto-Post by the member's own text, never the template.
    const [told] = await t.db.select().from(notifications).where(eq(notifications.userId, ana.userId));
    expect(told?.title).toContain(`${tag} Hi, I'm Ana from my studio`);

    const utm = (text: string | undefined, network: string) => {
      const url = new URL(/https:\/\/fit\.example\.com\/spring\S*/.exec(text ?? '')?.[0] ?? 'https://none');
      expect(url.searchParams.get('utm_source')).toBe(network);
      expect(url.searchParams.get('utm_medium')).toBe('social');
      expect(url.searchParams.get('utm_campaign')).toBe(ap.id);
      return url.searchParams.get('utm_content');
    };
    const anaContent = utm(of(ana, 'linkedin')[0]?.text, 'linkedin');
    const benContent = utm(of(ben, 'linkedin')[0]?.text, 'linkedin');
    expect(utm(of(ana, 'x')[0]?.text, 'x')).toBe(anaContent);
    expect(anaContent).toMatch(/^[0-9a-f]{16}$/);
    expect(benContent).not.toBe(anaContent);
    expect(anaContent).not.toContain(ana.userId.slice(0, 8));

    // No text anywhere in the sandbox's log carries a field.
    const fieldPattern = /\{(first_name|full_name|business_name|city|booking_link|sign_off)(\|[^}]*)?\}/;
    for (const p of await publishedPosts(sandbox.url)) expect(p.text).not.toMatch(fieldPattern);
  });

  it('refuses an unknown field by name, and a caption whose longest member text is too long', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/autoposts',
      headers: admin.auth,
      payload: { scheduledAt: inHour().toISOString(), body: 'Hi {firstname}', networks: ['linkedin'] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('{firstname}');
    const variant = await t.app.inject({
      method: 'POST',
      url: '/api/autoposts',
      headers: admin.auth,
      payload: {
        scheduledAt: inHour().toISOString(),
        body: 'ok',
        xVariants: ['{first_name} {nick}'],
        networks: ['x'],
      },
    });
    expect(variant.statusCode).toBe(400);
    expect(variant.body).toContain('{nick}');
    // 5 × {full_name} is 250 as X counts the longest name; with 40 more characters it no longer fits.
    const long = await t.app.inject({
      method: 'POST',
      url: '/api/autoposts',
      headers: admin.auth,
      payload: {
        scheduledAt: inHour().toISOString(),
        body: `${'{full_name}'.repeat(5)}${'a'.repeat(40)}`,
        networks: ['x'],
      },
    });
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain('X allows 280 characters; this post has 290');
  });

  it('previews each member’s own posts for admins only: a sample, or the member searched for', async () => {
    const [filled, empty] = (await members(2, ['x', 'linkedin'])) as [BulkMember, BulkMember];
    await setDetails(filled.userId, { displayName: 'Pia Preview', city: 'Porto' });
    const ap = await schedule({
      body: 'Train with {first_name} in {city}!',
      link: 'https://fit.example.com/p',
      networks: ['x', 'linkedin'],
    });
    const preview = (query: string, who = admin) =>
      t.app.inject({ url: `/api/autoposts/${ap.id}/preview${query}`, headers: who.auth });
    const one = await preview(`?userId=${filled.userId}`);
    expect(one.statusCode, one.body).toBe(200);
    const [member] = one.json<AutoPostPreview>().members;
    expect(member).toMatchObject({ reason: 'searched', optedIn: true, missingFields: [] });
    expect(member?.posts.map((p) => p.text)).toEqual([
      'Train with Pia in Porto!',
      'Train with Pia in Porto!',
    ]);
    expect(new URL(member?.posts[0]?.link ?? '').searchParams.get('utm_source')).toBe('x');

    const sample = (await preview('')).json<AutoPostPreview>().members;
    expect(sample[0]?.reason).toBe('first');
    const missing = sample.find((m) => m.reason === 'missing');
    expect(missing?.missingFields).toContain('city');
    expect(missing?.posts[1]?.text).not.toMatch(/[{}]/);
    expect(
      (await preview(`?userId=${empty.userId}`)).json<AutoPostPreview>().members[0]?.missingFields,
    ).toEqual(['city']);

    const coach = await makeUser(t);
    expect((await preview('', coach)).statusCode).toBe(403);
    const stranger = await makeUser(t, { portalId: 2 });
    expect((await preview(`?userId=${stranger.user.id}`)).statusCode).toBe(404);
    expect((await preview('?userId=nope')).statusCode).toBe(400);
  });

  it('leaves links untagged when the Auto-Post says so', async () => {
    const [member] = (await members(1, ['linkedin'])) as [BulkMember];
    const tag = `NoUtm${++seq}`;
    const ap = await schedule({
      body: tag,
      link: 'https://fit.example.com/plain',
      networks: ['linkedin'],
      utm: false,
    });
    expect(ap.utm).toBe(false);
    await fanOutAndPublish(ap, 1);
    const [sent] = (await publishedPosts(sandbox.url)).filter(
      (p) => p.text.startsWith(tag) && p.accountId === member.connections.linkedin?.accountId,
    );
    expect(sent?.text).toBe(`${tag}\n\nhttps://fit.example.com/plain`);
  });
});
