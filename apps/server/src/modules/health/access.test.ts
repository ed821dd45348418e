import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app/api.js';
import { makeUser, startTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
/** The same API as production runs it: not the demo. */
let production: TestApp['app'];

beforeAll(async () => {
  t = await startTestApp();
  production = await buildApp({
    config: { ...t.config, demo: false },
    database: t.database,
    jobs: t.jobs,
    cipher: t.cipher,
    platforms: t.platforms,
    logger: t.log,
  });
  await production.ready();
});

afterAll(async () => {
  await production.close();
  await t.close();
});

const detail = {
  status: 'ok',
  database: { ok: true, mode: expect.stringMatching(/^(pglite|postgres)$/), latencyMs: expect.any(Number) },
  jobs: { ok: true, running: true },
  version: expect.any(String),
  uptimeSeconds: expect.any(Number),
};

describe('GET /api/health in production', () => {
  it('tells anyone only whether FitPost is up', async () => {
    const res = await production.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    const member = await makeUser(t);
    expect((await production.inject({ url: '/api/health', headers: member.auth })).json()).toEqual({
      status: 'ok',
    });
  });

  it("gives the portal's admins the detail", async () => {
    const admin = await makeUser(t, { admin: true });
    const res = await production.inject({ url: '/api/health', headers: admin.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(detail);
  });
});

describe('GET /api/health in the demo', () => {
  it('gives anyone the detail', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.json()).toEqual(detail);
  });
});

describe('GET /api/docs', () => {
  it("is for the portal's admins in production", async () => {
    expect((await production.inject({ url: '/api/docs' })).statusCode).toBe(401);
    const member = await makeUser(t);
    const refused = await production.inject({ url: '/api/docs', headers: member.auth });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('forbidden');
    const admin = await makeUser(t, { admin: true });
    const res = await production.inject({ url: '/api/docs', headers: admin.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json().openapi).toBe('3.1.0');
  });

  it('is open in the demo', async () => {
    expect((await t.app.inject({ url: '/api/docs' })).statusCode).toBe(200);
  });
});
