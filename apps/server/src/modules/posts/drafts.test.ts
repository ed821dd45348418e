import { startSandbox, type Sandbox } from '@fitpost/sandbox';
import { publishedPosts } from '@fitpost/sandbox/testing';
import type { ScheduledPost } from '@fitpost/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker } from '../../app/worker.js';
import { testEngineDeps } from '../../test/engine.js';
import { makeUser, startTestApp, type TestApp } from '../../test/harness.js';
import { connectX, networkEnv } from '../../test/social.js';
import { sweepStale } from './engine.js';
import type { EngineDeps } from './engine-deps.js';

let sandbox: Sandbox;
let t: TestApp;
let coach: Awaited<ReturnType<typeof makeUser>>;
let x: string;
let deps: EngineDeps;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, redirectUris: ['http://localhost:3000/oauth'] });
  t = await startTestApp(networkEnv(sandbox.url));
  coach = await makeUser(t);
  x = await connectX(t, coach.auth);
  deps = testEngineDeps(t);
});
afterAll(async () => {
  await t.close();
  await sandbox.close();
});

const stamp = () => `${Date.now()}-${Math.random().toString(36).slice(2)}`;
const sent = async (body: string) => (await publishedPosts(sandbox.url)).filter((p) => p.text === body);

async function save(method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>) {
  const res = await t.app.inject({ method, url, headers: coach.auth, payload });
  expect(res.statusCode, res.body).toBe(method === 'POST' ? 201 : 200);
  return res.json<ScheduledPost>();
}

describe('drafts and the publishing engine', () => {
  it('never publishes a draft, even one whose planned time has passed; publishes it once scheduled', async () => {
    const draftBody = `Draft ${stamp()}`;
    const draft = await save('POST', '/api/posts', {
      body: draftBody,
      draft: true,
      connectionIds: [x],
      scheduledAt: new Date(Date.now() - 3_600_000).toISOString(),
    });
    const markerBody = `Marker ${stamp()}`;
    const marker = await save('POST', '/api/posts', {
      body: markerBody,
      connectionIds: [x],
      publishNow: true,
    });
    const stopWorker = await startWorker(t.jobs.boss, deps, { concurrency: 2, idleMs: 100, log: t.log });
    try {
      const status = async (id: string) =>
        (await t.app.inject({ url: `/api/posts/${id}`, headers: coach.auth })).json<ScheduledPost>().status;
      // The worker is live: the marker goes out, the draft does not.
      await expect.poll(() => status(marker.id), { timeout: 15_000, interval: 200 }).toBe('posted');
      // The sweep that revives overdue targets finds nothing of the draft, even a day later.
      const tomorrow = { ...deps, now: () => new Date(Date.now() + 86_400_000) };
      expect(await sweepStale(tomorrow)).toBe(0);
      expect(await status(draft.id)).toBe('draft');
      expect(await sent(draftBody)).toHaveLength(0);

      const scheduled = await save('PUT', `/api/posts/${draft.id}`, {
        body: draftBody,
        connectionIds: draft.connectionIds,
        publishNow: true,
      });
      expect(scheduled.targets).toHaveLength(1);
      await expect.poll(() => status(draft.id), { timeout: 15_000, interval: 200 }).toBe('posted');
      expect(await sent(draftBody)).toHaveLength(1);
    } finally {
      await stopWorker();
    }
  });
});
