import { createHmac } from 'node:crypto';
import { emailKindLabels, emailTexts, type EmailPreferences } from '@fitpost/contract';
import { multipartForm } from '../../test/multipart.js';
import { caughtMail } from '@fitpost/sandbox/testing';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailContents, emailOutbox } from '../../db/schema-email.js';
import { makeUser } from '../../test/harness.js';
import { startEmailWorld, testSenderDeps } from '../../test/email.js';
import { call, type TestUser } from '../../test/library.js';
import { queueEmails } from './outbox.js';
import { sendEmails } from './sender.js';
import { unsubscribe } from './preferences.js';
import { legacyTokensIssuedAt, unsubscribeToken, unsubscribeTokenLifetimeMs } from './unsubscribe-token.js';

let world: Awaited<ReturnType<typeof startEmailWorld>>;
beforeAll(async () => {
  world = await startEmailWorld();
});
afterAll(() => world.close());

const secret = () => world.t.config.email.secret ?? '';

async function preferences(who: TestUser) {
  const res = await call(world.t, who, { method: 'GET', url: '/api/email/preferences' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<EmailPreferences>();
}
const on = (prefs: EmailPreferences) => Object.fromEntries(prefs.kinds.map((k) => [k.kind, k.email]));

/** Queues one email of `kind` to each member; answers who got a row. */
async function queueTo(kind: 'post.failed' | 'messages', members: TestUser[]) {
  const { t, outbox } = world;
  await t.db.transaction((tx) =>
    queueEmails(tx, outbox, {
      userIds: members.map((m) => m.user.id),
      kind,
      subject: 's',
      text: 't',
      link: '/app',
    }),
  );
  const got: string[] = [];
  for (const m of members)
    if ((await t.db.select().from(emailOutbox).where(eq(emailOutbox.userId, m.user.id))).length > 0)
      got.push(m.user.id);
  return got;
}

const oneClick = (token: string) =>
  world.t.app.inject({
    method: 'POST',
    url: `/api/email/unsubscribe?token=${token}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'List-Unsubscribe=One-Click',
  });

describe('email preferences', () => {
  it('are all on at first, and a switch changes only my own', async () => {
    const { t } = world;
    const coach = await makeUser(t);
    const colleague = await makeUser(t);
    expect(await preferences(coach)).toMatchObject({ enabled: true });
    expect(Object.values(on(await preferences(coach))).every(Boolean)).toBe(true);
    // A held Auto-Post is told to admins only, so only admins see that kind.
    expect(Object.keys(on(await preferences(coach)))).not.toContain('autopost.held_for_claims');
    expect(Object.keys(on(await preferences(await makeUser(t, { admin: true }))))).toContain(
      'autopost.held_for_claims',
    );

    const res = await call(t, coach, {
      method: 'PUT',
      url: '/api/email/preferences',
      payload: { kinds: [{ kind: 'post.failed', email: false }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(on(res.json<EmailPreferences>())).toMatchObject({
      'post.failed': false,
      'connection.needs_reconnect': true,
      messages: true,
    });
    expect(on(await preferences(colleague))['post.failed']).toBe(true);

    // The outbox respects them: no email of that kind for the coach, the colleague still gets one.
    expect(await queueTo('post.failed', [coach, colleague])).toEqual([colleague.user.id]);

    const back = await call(t, coach, {
      method: 'PUT',
      url: '/api/email/preferences',
      payload: { kinds: [{ kind: 'post.failed', email: true }] },
    });
    expect(on(back.json<EmailPreferences>())['post.failed']).toBe(true);
  });

  it('refuses strangers and bad input', async () => {
    const { t } = world;
    const coach = await makeUser(t);
    expect((await call(t, null, { method: 'GET', url: '/api/email/preferences' })).statusCode).toBe(401);
    for (const payload of [
      {},
      { kinds: [] },
      { kinds: [{ kind: 'spam', email: false }] },
      { kinds: [{ kind: 'messages' }] },
    ])
      expect(
        (await call(t, coach, { method: 'PUT', url: '/api/email/preferences', payload })).statusCode,
      ).toBe(400);
  });
});

describe('unsubscribe links', () => {
  it('one click (RFC 8058) stops that kind for that member only, without signing in', async () => {
    const { t } = world;
    const coach = await makeUser(t);
    const colleague = await makeUser(t);
    const res = await oneClick(unsubscribeToken(secret(), coach.user.id, 'messages'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ kind: 'messages', label: emailKindLabels.messages });
    expect(on(await preferences(coach))).toMatchObject({ messages: false, 'post.failed': true });
    expect(on(await preferences(colleague)).messages).toBe(true);
    expect(await queueTo('messages', [coach, colleague])).toEqual([colleague.user.id]);
    // The same link again changes nothing and answers the same.
    expect((await oneClick(unsubscribeToken(secret(), coach.user.id, 'messages'))).statusCode).toBe(200);
  });

  it('refuses a forged or altered token with 403, and a malformed one with 400', async () => {
    // One bit of the signature flipped: always a different signature (a changed last character
    // could be the one it already had).
    const altered = (token: string) => {
      const [payload = '', sig = ''] = token.split('.');
      const bytes = Buffer.from(sig, 'base64url');
      bytes[0] = (bytes[0] ?? 0) ^ 1;
      return `${payload}.${bytes.toString('base64url')}`;
    };
    const { t } = world;
    const coach = await makeUser(t);
    const victim = await makeUser(t);
    const mine = unsubscribeToken(secret(), coach.user.id, 'post.failed');
    const [, signature] = mine.split('.');
    // My signature on someone else's name, another kind, or a token signed with another secret.
    const forged = [
      `${Buffer.from(`${victim.user.id}:post.failed`).toString('base64url')}.${signature}`,
      `${Buffer.from(`${coach.user.id}:messages`).toString('base64url')}.${signature}`,
      unsubscribeToken('another-secret-of-at-least-32-characters!', victim.user.id, 'post.failed'),
      altered(mine),
    ];
    for (const token of forged) expect((await oneClick(token)).statusCode, token).toBe(403);
    for (const token of ['x', 'no-dot-here-at-all', 'a.b.c.d', `${mine}%00`])
      expect((await oneClick(token)).statusCode, token).toBe(400);
    expect(on(await preferences(victim))['post.failed']).toBe(true);
    expect(on(await preferences(coach)).messages).toBe(true);
    expect(Object.values(on(await preferences(coach))).every(Boolean)).toBe(true);
  });

  it('sends a browser that opens the link to the page that asks first', async () => {
    const { t } = world;
    const coach = await makeUser(t);
    const token = unsubscribeToken(secret(), coach.user.id, 'post.failed');
    const res = await t.app.inject({ method: 'GET', url: `/api/email/unsubscribe?token=${token}` });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/unsubscribe?token=${token}`);
    expect(on(await preferences(coach))['post.failed']).toBe(true);
  });

  it('requires the body List-Unsubscribe=One-Click (RFC 8058), form-encoded or multipart', async () => {
    const { t } = world;
    const coach = await makeUser(t);
    const url = `/api/email/unsubscribe?token=${unsubscribeToken(secret(), coach.user.id, 'messages')}`;
    const form = 'application/x-www-form-urlencoded';
    for (const bad of [
      {},
      { headers: { 'content-type': form }, payload: '' },
      { headers: { 'content-type': form }, payload: 'List-Unsubscribe=Two-Clicks' },
      { headers: { 'content-type': 'application/json' }, payload: '{"List-Unsubscribe":"One-Click"}' },
    ]) {
      const res = await t.app.inject({ method: 'POST', url, ...bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json()).toMatchObject({ error: { message: emailTexts.notOneClick } });
    }
    expect(on(await preferences(coach)).messages).toBe(true);
    // The unsubscribe page's way: multipart with the same field.
    const { contentType, payload } = multipartForm([{ name: 'List-Unsubscribe', value: 'One-Click' }]);
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': contentType },
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(on(await preferences(coach)).messages).toBe(false);
  });

  it('expire a year after the email, yet a link already used still answers politely', async () => {
    const { t } = world;
    const deps = { db: t.db, enabled: true, secret: secret() };
    const [used, unused] = [await makeUser(t), await makeUser(t)];
    const issuedAt = new Date(Date.now() - 1000);
    const yearLater = new Date(issuedAt.getTime() + unsubscribeTokenLifetimeMs);
    const usedToken = unsubscribeToken(secret(), used.user.id, 'post.failed', issuedAt);
    expect((await oneClick(usedToken)).statusCode).toBe(200);
    await expect(unsubscribe(deps, usedToken, yearLater)).resolves.toMatchObject({ kind: 'post.failed' });
    const unusedToken = unsubscribeToken(secret(), unused.user.id, 'post.failed', issuedAt);
    await expect(unsubscribe(deps, unusedToken, new Date(yearLater.getTime() - 1000))).resolves.toBeTruthy();
    const late = unsubscribeToken(secret(), (await makeUser(t)).user.id, 'post.failed', issuedAt);
    await expect(unsubscribe(deps, late, yearLater)).rejects.toMatchObject({
      code: 'forbidden',
      message: emailTexts.expiredLink,
    });
    // Over HTTP: a link written over a year ago.
    const old = unsubscribeToken(
      secret(),
      unused.user.id,
      'messages',
      new Date(Date.now() - unsubscribeTokenLifetimeMs - 1000),
    );
    const res = await oneClick(old);
    expect(res.statusCode).toBe(403);
    expect(on(await preferences(unused)).messages).toBe(true);
  });

  it('takes links from before tokens carried their issue time as issued on the upgrade day', async () => {
    const { t } = world;
    const deps = { db: t.db, enabled: true, secret: secret() };
    const coach = await makeUser(t);
    const payload = `${coach.user.id}:messages`;
    const mac = createHmac('sha256', secret())
      .update(`fitpost-unsubscribe-v1|${payload}`)
      .digest('base64url');
    const legacy = `${Buffer.from(payload).toString('base64url')}.${mac}`;
    const end = legacyTokensIssuedAt.getTime() + unsubscribeTokenLifetimeMs;
    await expect(unsubscribe(deps, legacy, new Date(end))).rejects.toMatchObject({
      message: emailTexts.expiredLink,
    });
    await expect(unsubscribe(deps, legacy, new Date(end - 1000))).resolves.toMatchObject({
      kind: 'messages',
    });
    expect(on(await preferences(coach)).messages).toBe(false);
  });

  it('works for a member removed since, doing nothing', async () => {
    const gone = crypto.randomUUID();
    expect((await oneClick(unsubscribeToken(secret(), gone, 'post.failed'))).statusCode).toBe(200);
  });
});

describe('message emails', () => {
  it("email an admin's message to each recipient, one copy of the words, and a reply back to the admins", async () => {
    const { t, sandbox } = world;
    const portalId = 30 + Math.floor(Math.random() * 1000);
    const admin = await makeUser(t, { portalId, admin: true, name: 'Ada Admin' });
    const coaches = await Promise.all([makeUser(t, { portalId }), makeUser(t, { portalId })]);
    const sent = await call(t, admin, {
      method: 'POST',
      url: '/api/message',
      payload: {
        subject: 'Team call',
        body: 'Thursday at 6.',
        to: { userIds: coaches.map((c) => c.user.id) },
      },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const rows = await world.t.db
      .select()
      .from(emailOutbox)
      .where(
        inArray(
          emailOutbox.userId,
          coaches.map((c) => c.user.id),
        ),
      );
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((r) => r.contentId)).size).toBe(1);
    const [content] = await t.db.select().from(emailContents).where(eq(emailContents.id, rows[0]!.contentId));
    expect(content).toMatchObject({ kind: 'messages', subject: 'Team call', link: '/app/settings/messages' });
    expect(content!.text).toBe('Ada Admin wrote:\n\nThursday at 6.');

    // The coach answers in their thread: the portal's admins get it by email.
    const inbox = await call(t, coaches[0], { method: 'GET', url: '/api/message?folder=inbox' });
    const threadId = inbox.json<{ items: { id: string }[] }>().items[0]!.id;
    const reply = await call(t, coaches[0], {
      method: 'POST',
      url: `/api/message/${threadId}/reply`,
      payload: { body: 'I will be there.' },
    });
    expect(reply.statusCode, reply.body).toBeLessThan(300);
    const toAdmin = await t.db.select().from(emailOutbox).where(eq(emailOutbox.userId, admin.user.id));
    expect(toAdmin).toHaveLength(1);
    const deps = testSenderDeps(t, world.outbox);
    await sendEmails(
      deps,
      toAdmin.map((r) => r.id),
    );
    deps.transport.close();
    const { messages } = await caughtMail(sandbox.url, admin.user.email);
    expect(messages.map((m) => m.subject)).toEqual(['Re: Team call']);
    expect(messages[0]!.text).toContain('I will be there.');
    expect(messages[0]!.text).toContain('/app/manage/messages');
  });
});
