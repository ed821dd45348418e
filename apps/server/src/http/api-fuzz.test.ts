import { startSandbox } from '@fitpost/sandbox';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { shortLinks } from '../db/schema-links.js';
import { createSession } from '../modules/auth/sessions.js';
import { newLinkCode } from '../modules/links/codes.js';
import {
  describeRequest,
  emptyJsonBodyRequests,
  malformedRequests,
  resolverOf,
  routesOf,
  type OpenApiDocument,
} from '../test/fuzz/requests.js';
import type { FuzzContext } from '../test/fuzz/values.js';
import { makeUser, startTestApp, type TestApp } from '../test/harness.js';
import { logLines } from '../test/log-lines.js';
import { addBrand, addContent, addTag, call, uploadImage, type TestUser } from '../test/library.js';
import { connectX, networkEnv } from '../test/social.js';

/**
 * Every route of the OpenAPI document, signed in as a member and as an admin, gets malformed
 * requests — wrong types, NUL characters, huge strings, deep nesting, impossible dates, prototype
 * keys, broken encodings and upload forms — and must answer each with less than 500, without a
 * statement failing in the database. The seed is fixed: every run sends the same requests (but for
 * the ids of the records made first and dates relative to today), and a failure names the route
 * and the request.
 */
const seed = 20_261_124;
/** Per route: half sent as the member, half as the admin, each half drawn with its own seed. */
const variantsPerRoute = 50;

const sandbox = await startSandbox({ port: 0, redirectUris: ['http://localhost:3000/oauth'] });
const { lines: logged, destination } = logLines();
const t: TestApp = await startTestApp(
  {
    FITPOST_OIDC_ISSUER: sandbox.issuer,
    ...networkEnv(sandbox.url),
    // Generated feed URLs point at loopback; refusing it means no fuzzed fetch connects anywhere.
    FITPOST_FEEDS_ALLOW_LOOPBACK: 'false',
    LOG_LEVEL: 'warn',
  },
  { logTo: destination },
);
afterAll(async () => {
  await t.close();
  await sandbox.close();
});

const member = await makeUser(t);
const admin = await makeUser(t, { admin: true });

/**
 * Real records of every kind, by the fields and path segments that name them, so plausible ids
 * mostly reach the code behind the lookups.
 */
async function existingRecords(): Promise<Record<string, string[]>> {
  const created = async (who: TestUser, url: string, payload: object) => {
    const res = await call(t, who, { method: 'POST', url, payload });
    if (res.statusCode !== 201) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json<{ id: string; targets?: { id: string }[] }>();
  };
  const later = new Date(Date.now() + 7 * 86_400_000).toISOString();
  const connectionId = await connectX(t, member.auth);
  const post = await created(member, '/api/posts', {
    body: 'Leg day',
    connectionIds: [connectionId],
    scheduledAt: later,
  });
  const autoPost = await created(admin, '/api/autoposts', {
    body: 'Auto',
    networks: ['x'],
    scheduledAt: later,
  });
  const feed = await created(member, '/api/feed', { name: 'Mine', url: 'http://127.0.0.1:9/feed.xml' });
  const users = [member.user.id, admin.user.id];
  const connections = [connectionId];
  const media = [await uploadImage(t, member)];
  const tags = [await addTag(t, admin, 'Strength')];
  const brands = [await addBrand(t, admin, 'Acme')];
  const content = [await addContent(t, admin, { title: 'Squats', body: 'Go deep' })];
  const announcements = [(await created(admin, '/api/announcement', { body: '<p>Hello</p>' })).id];
  // A short link as the publishing engine writes one (GET /l/{*}: its wildcard is the code).
  const [link] = await t.db
    .insert(shortLinks)
    .values({
      code: newLinkCode(),
      portalId: member.user.portalId,
      userId: member.user.id,
      postId: post.id,
      targetId: post.targets?.[0]?.id ?? post.id,
      network: 'x',
      accountName: '@fuzz',
      text: 'Leg day',
      destination: 'https://example.org/?utm_source=x',
    })
    .returning();
  return {
    '*': link ? [link.code] : [],
    posts: [post.id],
    targetId: (post.targets ?? []).map((target) => target.id),
    autoposts: [autoPost.id],
    feed: [feed.id],
    feedId: [feed.id],
    user: users,
    userId: users,
    userid: users,
    connections,
    connectionId: connections,
    connectionIds: connections,
    media,
    mediaId: media,
    logoMediaId: media,
    tag: tags,
    tagIds: tags,
    brand: brands,
    brandId: brands,
    content,
    contentId: content,
    favorite: content,
    announcement: announcements,
  };
}

const doc = (await t.app.inject({ url: '/api/docs' })).json<OpenApiDocument>();
const context: FuzzContext = { resolve: resolverOf(doc), ids: await existingRecords() };
const routes = routesOf(doc);

describe.each([
  { role: 'member', who: member, roleSeed: seed },
  { role: 'admin', who: admin, roleSeed: seed + 1 },
])('as $role, every route answers malformed requests with less than 500', ({ who, roleSeed }) => {
  it.each(routes)('$method $path', async (route) => {
    // A session of its own, so a route that ends sessions (logout) leaves the others signed in.
    const token = await createSession(t.db, who.user.id, t.config.session);
    const requests = fc.sample(malformedRequests(route, context, { authorization: `Bearer ${token}` }), {
      seed: roleSeed,
      numRuns: variantsPerRoute / 2,
    });
    const failures: string[] = [];
    for (const request of requests) {
      logged.length = 0;
      const res = await t.app.inject(request);
      // The database's own refusals are answered 4xx as a backstop; the schemas must get there first.
      const refused = logged.filter(
        (line) => (line.err as { type?: string } | undefined)?.type === 'DatabaseError',
      );
      if (res.statusCode >= 500 || refused.length > 0)
        failures.push(
          `${describeRequest(request)}\n  → ${res.statusCode} ${res.body.slice(0, 300)}` +
            refused.map((line) => `\n  logged: ${JSON.stringify(line.err).slice(0, 300)}`).join(''),
        );
    }
    expect(failures.join('\n')).toBe('');
  });
});

// Issue 25: the spec's client sends `Content-Type: application/json` on every call, bodiless ones
// too. An empty body with it reads as no body on every route: never Fastify's "Body cannot be
// empty" refusal (a route that needs a body says which field is missing, like any other).
describe('every route reads an empty JSON body as no body', () => {
  it.each(routes)('$method $path', async (route) => {
    const token = await createSession(t.db, admin.user.id, t.config.session);
    const [request] = fc.sample(emptyJsonBodyRequests(route, context, { authorization: `Bearer ${token}` }), {
      seed,
      numRuns: 1,
    });
    if (!request) throw new Error('no request drawn');
    const res = await t.app.inject(request);
    const answer = `${describeRequest(request)}\n  → ${res.statusCode} ${res.body.slice(0, 300)}`;
    expect(res.statusCode, answer).toBeLessThan(500);
    expect(res.body, answer).not.toMatch(/Body cannot be empty/);
  });

  it('deletes an announcement for DELETE /api/announcement/{id} with the JSON type and no body', async () => {
    const created = await call(t, admin, {
      method: 'POST',
      url: '/api/announcement',
      payload: { body: '<p>Bye</p>' },
    });
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/announcement/${created.json<{ id: string }>().id}`,
      headers: { ...admin.auth, 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode, res.body).toBe(204);
  });
});
