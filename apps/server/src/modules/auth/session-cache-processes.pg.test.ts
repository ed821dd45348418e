/**
 * Two API processes on one PostgreSQL database, each caching sessions and GET /api/user/me in
 * memory (session-cache.ts): a logout, a revoked session or a removed role made through one is seen
 * by the other (pushed within about a second; see pushLimitMs), through LISTEN/NOTIFY (db/change-feed.ts, migration 0025).
 * PostgreSQL only: it needs separate processes on one database.
 */
import type { ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { roleIds } from '@fitpost/contract';
import { startSandbox, type Sandbox } from '@fitpost/sandbox';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import { pushLimitMs, trueWithin } from '../../test/eventually.js';
import { makeUser, startTestApp, type TestApp } from '../../test/harness.js';
import { exited, startServerProcess } from '../../test/worker-process.js';
import { revokeUserSessions } from './sessions.js';

let sandbox: Sandbox;
let t: TestApp;
let other: ChildProcess;
let otherBase: string;

/** The address a started API process reports in its "ready" log line. */
function listeningBase(child: ChildProcess) {
  return new Promise<string>((resolve, reject) => {
    if (!child.stdout) return reject(new Error('no stdout'));
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      if (!line.startsWith('{')) return;
      const port = (JSON.parse(line) as { address?: { port?: number } }).address?.port;
      if (port) resolve(`http://127.0.0.1:${port}`);
    });
    child.once('exit', (code) => reject(new Error(`the second API process exited (${code})`)));
  });
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, redirectUris: ['http://localhost:3000/oauth'] });
  t = await startTestApp({ FITPOST_OIDC_ISSUER: sandbox.issuer });
  if (!t.databaseUrl || !t.config.tokenKeys) throw new Error('needs PostgreSQL and token keys');
  other = startServerProcess(
    ['--services=api'],
    {
      DATABASE_URL: t.databaseUrl,
      FITPOST_TOKEN_KEYS: t.config.tokenKeys,
      FITPOST_OIDC_ISSUER: sandbox.issuer,
      FITPOST_DEMO: 'true',
      FITPOST_DEMO_SEED: 'false',
      FITPOST_WEB_DIST: '/nonexistent',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
    },
    ['ignore', 'pipe', 'inherit'],
  );
  otherBase = await listeningBase(other);
});
afterAll(async () => {
  other.kill('SIGTERM');
  await exited(other);
  await t.close();
  await sandbox.close();
});

const meOnOther = (auth: { authorization: string }) => fetch(`${otherBase}/api/user/me`, { headers: auth });
const otherAnswers = (auth: { authorization: string }, status: number) =>
  trueWithin(pushLimitMs, async () => (await meOnOther(auth)).status === status);

it('a logout through one process ends the session in the other, pushed by the database', async () => {
  const member = await makeUser(t);
  expect((await meOnOther(member.auth)).status).toBe(200);
  expect((await meOnOther(member.auth)).status).toBe(200);
  const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: member.auth });
  expect(out.statusCode).toBe(200);
  expect(await otherAnswers(member.auth, 401)).toBe(true);
});

it("a session revoked because the user's access ended is refused by the other process, pushed by the database", async () => {
  const member = await makeUser(t);
  expect((await meOnOther(member.auth)).status).toBe(200);
  await revokeUserSessions(t.db, member.user.id);
  expect(await otherAnswers(member.auth, 401)).toBe(true);
});

it('a role removed by an admin through one process is seen by the other, pushed by the database', async () => {
  const admin = await makeUser(t, { admin: true });
  const member = await makeUser(t);
  const deputy = await makeUser(t, { admin: true });
  expect((await meOnOther(member.auth)).status).toBe(200);
  expect(await (await meOnOther(deputy.auth)).json()).toMatchObject({ fitPostAdminAccess: true });
  for (const [who, roleId] of [
    [member, roleIds.member],
    [deputy, roleIds.admin],
  ] as const) {
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/${who.user.id}/role/${roleId}`,
      headers: admin.auth,
    });
    expect(removed.statusCode).toBe(200);
  }
  expect(await otherAnswers(member.auth, 401)).toBe(true);
  expect(
    await trueWithin(pushLimitMs, async () => {
      const body = (await (await meOnOther(deputy.auth)).json()) as { fitPostAdminAccess: boolean };
      return body.fitPostAdminAccess === false;
    }),
  ).toBe(true);
});

it("a user's renamed record shows in the other process's GET /api/user/me, pushed by the database", async () => {
  const member = await makeUser(t, { name: 'Before Rename' });
  expect(await (await meOnOther(member.auth)).json()).toMatchObject({ fullName: 'Before Rename' });
  await t.db.update(users).set({ fullName: 'After Rename' }).where(eq(users.id, member.user.id));
  expect(
    await trueWithin(pushLimitMs, async () => {
      const body = (await (await meOnOther(member.auth)).json()) as { fullName: string };
      return body.fullName === 'After Rename';
    }),
  ).toBe(true);
});
