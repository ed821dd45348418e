import { startSandbox, type Sandbox } from '@fitpost/sandbox';
import { publishedPosts } from '@fitpost/sandbox/testing';
import { postUpsert, type AutoPost } from '@fitpost/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoPostMemberChoices } from '../../db/schema-autopost.js';
import { posts, postTargets } from '../../db/schema-posts.js';
import { enqueueManyIn } from '../../jobs/queues.js';
import { claimInWindow, runInWindow } from '../../test/claim-race.js';
import { testEngineDeps } from '../../test/engine.js';
import { makeUser, startTestApp, type TestApp } from '../../test/harness.js';
import { connectX, networkEnv } from '../../test/social.js';
import type { Actor } from '../auth/sessions.js';
import { runFanout, type FanoutDeps } from '../autoposts/fanout.js';
import type { AutoPostDeps } from '../autoposts/access.js';
import { chooseForOccurrence } from '../autoposts/choices.js';
import { publishTarget } from './engine.js';
import type { EngineDeps } from './engine-deps.js';
import { createPost, deletePosts, reschedulePost, updatePost, type PostsDeps } from './service.js';

// The engine claims a target with one conditional update; an edit, a reschedule or a delete checks
// the targets and then changes them. Each test runs the real claim exactly between that check and
// that act (the services' afterTargetCheck seam): it must wait for the act and then find nothing,
// so each post reaches each account at most once.

let sandbox: Sandbox;
let t: TestApp;
let coach: Awaited<ReturnType<typeof makeUser>>;
let admin: Awaited<ReturnType<typeof makeUser>>;
let actor: Actor;
let x: string;
let engine: EngineDeps;
let postsDeps: PostsDeps;
let seq = 0;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, redirectUris: ['http://localhost:3000/oauth'] });
  t = await startTestApp(networkEnv(sandbox.url));
  coach = await makeUser(t);
  admin = await makeUser(t, { admin: true });
  actor = { sessionId: '', userId: coach.user.id, portalId: coach.user.portalId, isAdmin: false };
  x = await connectX(t, coach.auth);
  engine = testEngineDeps(t);
  postsDeps = { db: t.db, enqueueIn: engine.enqueueIn };
});
afterAll(async () => {
  await t.close();
  await sandbox.close();
});

const text = () => `Claim race #${++seq} ${Date.now()}: brace before you lift.`;
const inHour = () => new Date(Date.now() + 3_600_000).toISOString();
const sentWith = async (body: string) => (await publishedPosts(sandbox.url)).filter((p) => p.text === body);
/** The engine as it runs a second after `at`. */
const engineAt = (at: Date | string) => ({ ...engine, now: () => new Date(new Date(at).getTime() + 1000) });

async function targetsOf(postId: string) {
  return t.db.select().from(postTargets).where(eq(postTargets.postId, postId));
}
async function targetOf(postId: string) {
  const [target] = await targetsOf(postId);
  if (!target) throw new Error('no target');
  return target;
}

/**
 * Deps whose seam runs the claim of `target` (at its due time) inside the window; `race()` tells
 * how it went once the service call has returned.
 */
function racing<D extends object>(deps: D, target: { id: string; version: number; dueAt: Date }) {
  let race: Awaited<ReturnType<typeof claimInWindow>> | undefined;
  return {
    deps: {
      ...deps,
      afterTargetCheck: async () => {
        race = await claimInWindow(t, engineAt(target.dueAt), {
          targetId: target.id,
          version: target.version,
        });
      },
    },
    race: () => {
      if (!race) throw new Error('the seam never ran');
      return race;
    },
  };
}

async function scheduled(body: string) {
  const post = await createPost(
    postsDeps,
    actor,
    postUpsert.parse({ body, connectionIds: [x], scheduledAt: inHour() }),
  );
  return { post, target: await targetOf(post.id) };
}

describe('edits and deletes against the engine’s claim', () => {
  it('an edit made while the claim arrives is the only version sent', async () => {
    const body = text();
    const edited = `${body} (edited)`;
    const { post, target } = await scheduled(body);
    const { deps, race } = racing(postsDeps, target);
    await updatePost(
      deps,
      actor,
      post.id,
      postUpsert.parse({ body: edited, connectionIds: [x], scheduledAt: target.dueAt.toISOString() }),
    );
    expect(await race().done).toBe('skipped');
    expect(race().ranInWindow).toBe(false);
    const fresh = await targetOf(post.id);
    expect(await publishTarget(engineAt(fresh.dueAt), { targetId: fresh.id, version: fresh.version })).toBe(
      'published',
    );
    expect(await sentWith(body)).toHaveLength(0);
    expect(await sentWith(edited)).toHaveLength(1);
  });

  it('two edits of one post take turns, so it keeps one target per account', async () => {
    const first = text();
    const second = `${first} (second tab)`;
    const draft = await createPost(
      postsDeps,
      actor,
      postUpsert.parse({ body: first, connectionIds: [x], draft: true }),
    );
    const schedule = (body: string) => postUpsert.parse({ body, connectionIds: [x], scheduledAt: inHour() });
    let race: Awaited<ReturnType<typeof runInWindow>> | undefined;
    const deps: PostsDeps = {
      ...postsDeps,
      // Scheduling the draft from a second tab, while the first is between its check and its change.
      afterTargetCheck: async () => {
        race = await runInWindow(
          t,
          () => updatePost(postsDeps, actor, draft.id, schedule(second)),
          'select % from "posts" where % for update',
        );
      },
    };
    await updatePost(deps, actor, draft.id, schedule(first));
    expect(race?.ranInWindow).toBe(false);
    await race?.done;
    const [target, ...more] = await targetsOf(draft.id);
    expect(more).toHaveLength(0);
    if (!target) throw new Error('no target');
    expect(
      await publishTarget(engineAt(target.dueAt), { targetId: target.id, version: target.version }),
    ).toBe('published');
    expect(await sentWith(second)).toHaveLength(1);
    expect(await sentWith(first)).toHaveLength(0);
  });

  it('a post deleted while the claim arrives is not sent', async () => {
    const body = text();
    const { post, target } = await scheduled(body);
    const { deps, race } = racing(postsDeps, target);
    await deletePosts(deps, actor, [post.id]);
    expect(await race().done).toBe('skipped');
    expect(race().ranInWindow).toBe(false);
    expect(await t.db.select().from(posts).where(eq(posts.id, post.id))).toHaveLength(0);
    expect(await sentWith(body)).toHaveLength(0);
  });

  it('a post rescheduled while the claim arrives is sent once, at the new time', async () => {
    const body = text();
    const { post, target } = await scheduled(body);
    const newTime = new Date(target.dueAt.getTime() + 3_600_000);
    const { deps, race } = racing(postsDeps, target);
    await reschedulePost(deps, actor, post.id, newTime.toISOString());
    expect(await race().done).toBe('skipped');
    expect(race().ranInWindow).toBe(false);
    const moved = await targetOf(post.id);
    expect(moved.dueAt).toEqual(newTime);
    expect(await publishTarget(engineAt(newTime), { targetId: moved.id, version: moved.version })).toBe(
      'published',
    );
    expect(await sentWith(body)).toHaveLength(1);
  });
});

describe('an Auto-Post member’s custom post against the engine’s claim', () => {
  let autoDeps: AutoPostDeps;

  beforeAll(async () => {
    autoDeps = {
      ...postsDeps,
      publicUrl: 'http://localhost:3000',
      createMemberPost: (tx, member, input) =>
        createPost({ ...postsDeps, db: tx }, member, postUpsert.parse(input)),
    };
    const on = await t.app.inject({
      method: 'PUT',
      url: '/api/autoposts/settings',
      headers: coach.auth,
      payload: { accounts: [{ connectionId: x, enabled: true }] },
    });
    expect(on.statusCode, on.body).toBe(200);
  });

  async function autoPost(body: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/autoposts',
      headers: admin.auth,
      payload: { body, networks: ['x'], scheduledAt: inHour() },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<AutoPost>();
  }

  async function autoPostWithCustomPost(body: string) {
    const ap = await autoPost(body);
    const { customPostId } = await chooseForOccurrence(autoDeps, actor, ap.id, 'custom');
    if (!customPostId) throw new Error('no custom post');
    return { ap, customPostId, target: await targetOf(customPostId) };
  }

  /** Runs the Auto-Post's fan-out as its job would, a second after its time. */
  function fanOut(ap: AutoPost) {
    const at = new Date(new Date(ap.scheduledAt).getTime() + 1000);
    const deps: FanoutDeps = {
      db: t.db,
      enqueueIn: engine.enqueueIn,
      enqueueManyIn: (tx) => enqueueManyIn(t.jobs.boss, tx),
      batchSize: 10,
      staleAfterMs: 60_000,
      now: () => at,
    };
    return runFanout(deps, { autoPostId: ap.id, version: 1 });
  }

  /** Publishes every target the fan-out made, each at its own time. */
  async function publishFannedOut(ap: AutoPost) {
    const made = await t.db
      .select({ id: postTargets.id, version: postTargets.version, dueAt: postTargets.dueAt })
      .from(postTargets)
      .innerJoin(posts, eq(posts.id, postTargets.postId))
      .where(eq(posts.autoPostId, ap.id));
    for (const m of made)
      expect(await publishTarget(engineAt(m.dueAt), { targetId: m.id, version: m.version })).toBe(
        'published',
      );
  }

  async function choiceOf(ap: AutoPost) {
    const [row] = await t.db
      .select()
      .from(autoPostMemberChoices)
      .where(eq(autoPostMemberChoices.autoPostId, ap.id));
    return row?.choice ?? 'auto';
  }

  it('going back to Auto-Post while the custom post is being claimed sends the occurrence once', async () => {
    const body = text();
    const { ap, customPostId, target } = await autoPostWithCustomPost(body);
    const { deps, race } = racing(autoDeps, target);
    expect(await chooseForOccurrence(deps, actor, ap.id, 'auto')).toMatchObject({ choice: 'auto' });
    expect(await race().done).toBe('skipped');
    expect(race().ranInWindow).toBe(false);
    expect(await targetsOf(customPostId)).toHaveLength(0);

    // The fan-out now posts the occurrence to the member: once in all.
    expect((await fanOut(ap)).status).toBe('done');
    await publishFannedOut(ap);
    expect(await sentWith(body)).toHaveLength(1);
  });

  it('going back to Auto-Post as the fan-out starts: the fan-out waits, then reaches the member once', async () => {
    const body = text();
    const { ap } = await autoPostWithCustomPost(body);
    let race: Awaited<ReturnType<typeof runInWindow<{ status: string }>>> | undefined;
    const deps: AutoPostDeps = {
      ...autoDeps,
      afterTargetCheck: async () => {
        race = await runInWindow(t, () => fanOut(ap), 'update "auto_posts" set "status"%');
      },
    };
    // The choice holds the Auto-Post's row, so the fan-out waits and then reaches the member.
    expect(await chooseForOccurrence(deps, actor, ap.id, 'auto')).toMatchObject({ choice: 'auto' });
    expect(race?.ranInWindow).toBe(false);
    expect((await race?.done)?.status).toBe('done');
    await publishFannedOut(ap);
    expect(await sentWith(body)).toHaveLength(1);
  });

  it('refuses to go back to Auto-Post once the custom post was sent', async () => {
    const body = text();
    const { ap, target } = await autoPostWithCustomPost(body);
    expect(
      await publishTarget(engineAt(target.dueAt), { targetId: target.id, version: target.version }),
    ).toBe('published');
    await expect(chooseForOccurrence(autoDeps, actor, ap.id, 'auto')).rejects.toThrow(
      'This post has already been sent',
    );
    await expect(chooseForOccurrence(autoDeps, actor, ap.id, 'skip')).rejects.toThrow(
      'This post has already been sent',
    );
    expect(await choiceOf(ap)).toBe('custom');
    expect(await sentWith(body)).toHaveLength(1);
  });

  it('a Custom Post asked for twice at once (a double click) leaves one custom post', async () => {
    const body = text();
    const ap = await autoPost(body);
    let second: Awaited<ReturnType<typeof runInWindow<{ customPostId: string | null }>>> | undefined;
    const doubleClick: AutoPostDeps = {
      ...autoDeps,
      createMemberPost: async (tx, member, input) => {
        const post = await autoDeps.createMemberPost(tx, member, input);
        // The second request arrives while the first is between its post and its choice.
        second ??= await runInWindow(
          t,
          () => chooseForOccurrence(autoDeps, actor, ap.id, 'custom'),
          'select % from "auto_posts" % for update',
        );
        return post;
      },
    };
    const first = await chooseForOccurrence(doubleClick, actor, ap.id, 'custom');
    expect(second?.ranInWindow).toBe(false);
    expect((await second?.done)?.customPostId).toBe(first.customPostId);
    const mine = await t.db.select().from(posts).where(eq(posts.body, body));
    expect(mine.map((p) => p.id)).toEqual([first.customPostId]);
    const [target] = await targetsOf(first.customPostId ?? '');
    if (!target) throw new Error('no target');
    expect(
      await publishTarget(engineAt(target.dueAt), { targetId: target.id, version: target.version }),
    ).toBe('published');
    expect(await sentWith(body)).toHaveLength(1);
  });

  it('a Custom Post asked for as its time comes and the fan-out starts is sent once in all', async () => {
    const body = text();
    const ap = await autoPost(body);
    let publish: Awaited<ReturnType<typeof runInWindow<string>>> | undefined;
    let fanout: Awaited<ReturnType<typeof runInWindow<{ status: string }>>> | undefined;
    const racing: AutoPostDeps = {
      ...autoDeps,
      createMemberPost: async (tx, member, input) => {
        const post = await autoDeps.createMemberPost(tx, member, input);
        const [made] = await tx.select().from(postTargets).where(eq(postTargets.postId, post.id));
        if (!made) throw new Error('no target');
        // Its publish job and the Auto-Post's fan-out both run before the member's choice is kept.
        publish = await runInWindow(
          t,
          () => publishTarget(engineAt(made.dueAt), { targetId: made.id, version: made.version }),
          'update "post_targets" set "status"%',
        );
        fanout = await runInWindow(t, () => fanOut(ap), 'update "auto_posts" set "status"%');
        return post;
      },
    };
    const { customPostId } = await chooseForOccurrence(racing, actor, ap.id, 'custom');
    await publish?.done;
    expect(fanout?.ranInWindow).toBe(false);
    expect((await fanout?.done)?.status).toBe('done');
    // The fan-out left the member to their custom post, which is sent (now, if its job could not
    // see it before the choice was kept).
    const target = await targetOf(customPostId ?? '');
    await publishTarget(engineAt(target.dueAt), { targetId: target.id, version: target.version });
    await publishFannedOut(ap);
    expect(await sentWith(body)).toHaveLength(1);
    expect(await choiceOf(ap)).toBe('custom');
  });
});
