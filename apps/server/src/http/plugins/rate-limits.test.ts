import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../config.js';
import { openDatabase, type Database } from '../../db/client.js';
import { createLogger } from '../../lib/logger.js';
import { makeUser, startTestApp, type TestApp } from '../../test/harness.js';
import { buildApp } from '../../app/api.js';

let t: TestApp;
const others: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  t = await startTestApp({
    FITPOST_AUTH_RATE_LIMIT_PER_MINUTE: '3',
    FITPOST_UPLOADS_PER_HOUR: '2',
    FITPOST_FEED_ADDS_PER_HOUR: '2',
    FITPOST_FEED_REFRESHES_PER_HOUR: '2',
  });
});

afterAll(async () => {
  for (const other of others) await other.close();
  await t.close();
});

/**
 * Another API instance on the same database, as a second process would be: on PostgreSQL with a
 * pool of its own; on PGlite (one process by nature) sharing the embedded database.
 */
async function anotherApp(overrides: Partial<Config> = {}, logStream?: Writable) {
  let database: Database = t.database;
  if (t.databaseUrl) {
    database = await openDatabase({ kind: 'postgres', url: t.databaseUrl, poolSize: 2 });
  }
  const app = await buildApp({
    config: { ...t.config, ...overrides },
    database,
    jobs: t.jobs,
    cipher: t.cipher,
    platforms: t.platforms,
    logger: logStream ? createLogger({ level: 'debug', destination: logStream }) : t.log,
  });
  await app.ready();
  others.push({
    async close() {
      await app.close();
      if (database !== t.database) await database.close();
    },
  });
  return app;
}

const uploadRequest = (auth: Record<string, string>) => ({
  method: 'POST' as const,
  url: '/api/media',
  headers: { ...auth, 'content-type': 'multipart/form-data; boundary=x' },
  payload: '--x--\r\n',
});

describe('per-member limits', () => {
  it("refuses a member's uploads past the limit with 429, Retry-After and the reason, before reading the body", async () => {
    const coach = await makeUser(t);
    const other = await makeUser(t);
    for (let i = 0; i < 2; i += 1) {
      const res = await t.app.inject(uploadRequest(coach.auth));
      expect(res.statusCode).toBe(400);
    }
    const refused = await t.app.inject(uploadRequest(coach.auth));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: {
        code: 'rate_limited',
        message: expect.stringMatching(
          /^You have uploaded many images in a short time\. Please try again in (1 hour|\d+ minutes)\.$/,
        ),
      },
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    // Another member has a count of their own.
    expect((await t.app.inject(uploadRequest(other.auth))).statusCode).toBe(400);
  });

  it('refuses adding feeds past the limit', async () => {
    const coach = await makeUser(t);
    const add = (n: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/feed',
        headers: coach.auth,
        payload: { name: `Feed ${n}`, url: `https://feeds.example.com/${n}.rss` },
      });
    expect((await add(1)).statusCode).toBe(201);
    expect((await add(2)).statusCode).toBe(201);
    const refused = await add(3);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toMatch(/^You have added many feeds in a short time\./);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
  });

  it('refuses refreshing feeds past the limit', async () => {
    const coach = await makeUser(t);
    const consume = () =>
      t.app.inject({ method: 'GET', url: `/api/feed/consume/${coach.user.id}`, headers: coach.auth });
    expect((await consume()).statusCode).toBe(200);
    expect((await consume()).statusCode).toBe(200);
    const refused = await consume();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toMatch(/^Your feeds have been refreshed many times/);
  });

  it('is one count for every API instance on the database', async () => {
    const second = await anotherApp();
    const coach = await makeUser(t);
    expect((await t.app.inject(uploadRequest(coach.auth))).statusCode).toBe(400);
    expect((await second.inject(uploadRequest(coach.auth))).statusCode).toBe(400);
    expect((await t.app.inject(uploadRequest(coach.auth))).statusCode).toBe(429);
    expect((await second.inject(uploadRequest(coach.auth))).statusCode).toBe(429);
  });
});

describe('sign-in limit by client address', () => {
  // No query: a 400 from validation, which runs after the limit has counted the request.
  const verify = (app: TestApp['app'], forwardedFor: string) =>
    app.inject({
      method: 'GET',
      url: '/api/user/verify',
      remoteAddress: '10.1.2.3',
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it('ignores X-Forwarded-For by default: every client behind one address shares its count', async () => {
    const app = await anotherApp();
    const statuses = [];
    for (const client of ['203.0.113.1', '203.0.113.2', '203.0.113.3', '203.0.113.4'])
      statuses.push((await verify(app, client)).statusCode);
    expect(statuses).toEqual([400, 400, 400, 429]);
  });

  it("counts each client's real address behind a trusted proxy, and logs it", async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const app = await anotherApp({ trustProxy: ['10.0.0.0/8'], logLevel: 'debug' }, logStream);
    for (let i = 0; i < 3; i += 1) expect((await verify(app, '198.51.100.7')).statusCode).toBe(400);
    expect((await verify(app, '198.51.100.7')).statusCode).toBe(429);
    expect((await verify(app, '198.51.100.8')).statusCode).toBe(400);
    const logged = lines.map((line) => JSON.parse(line) as { req?: { remoteAddress?: string } });
    const addresses = new Set(logged.map((entry) => entry.req?.remoteAddress).filter(Boolean));
    expect([...addresses].sort()).toEqual(['198.51.100.7', '198.51.100.8']);
  });

  it('takes the client behind a number of proxy hops', async () => {
    const app = await anotherApp({ trustProxy: 1 });
    for (let i = 0; i < 3; i += 1) expect((await verify(app, '198.51.100.20')).statusCode).toBe(400);
    expect((await verify(app, '198.51.100.20')).statusCode).toBe(429);
    expect((await verify(app, '198.51.100.21')).statusCode).toBe(400);
  });
});
