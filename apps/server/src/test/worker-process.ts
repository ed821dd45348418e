import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startSandbox, type Sandbox } from '@fitpost/sandbox';
import { publishedPosts } from '@fitpost/sandbox/testing';
import { afterAll, beforeAll } from 'vitest';
import { makeUser, startTestApp, type TestApp } from './harness.js';
import { connectX, networkEnv } from './social.js';

const root = fileURLToPath(new URL('../../../../', import.meta.url));

/** The server's entry point (`main.ts`, through tsx) as a child process with `args` and `env` added. */
export function startServerProcess(
  args: string[],
  env: Record<string, string>,
  stdio: StdioOptions = ['ignore', 'ignore', 'inherit'],
): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', ...args], {
    cwd: root,
    stdio,
    env: { ...process.env, ...env },
  });
}

/**
 * A separate worker process (`--services=worker`) on the test's PostgreSQL database and sandbox,
 * for crash drills: it can be killed with SIGKILL like a real one. Short timeouts and sweeps keep
 * a drill within seconds; `env` adds or overrides settings.
 */
export function startWorkerProcess(
  t: TestApp,
  sandboxUrl: string,
  env: Record<string, string> = {},
  stdio?: StdioOptions,
): ChildProcess {
  if (!t.databaseUrl || !t.config.tokenKeys) throw new Error('needs PostgreSQL and token keys');
  return startServerProcess(
    ['--services=worker'],
    {
      ...networkEnv(sandboxUrl),
      DATABASE_URL: t.databaseUrl,
      FITPOST_TOKEN_KEYS: t.config.tokenKeys,
      FITPOST_DEMO: 'true',
      FITPOST_DEMO_SEED: 'false',
      LOG_LEVEL: 'warn',
      FITPOST_NETWORK_TIMEOUT_MS: '3000',
      FITPOST_PUBLISH_STALE_AFTER_MS: '4000',
      FITPOST_SWEEP_INTERVAL_MS: '500',
      FITPOST_RECONCILE_AFTER_MS: '200',
      FITPOST_PUBLISH_BACKOFF_MS: '100',
      ...env,
    },
    stdio,
  );
}

/** Resolves once the process has exited (at once if it already has). */
export const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve()),
  );

/**
 * A drill's world for the test file: the sandbox and a test app (PostgreSQL) pointed at it,
 * started before the file's tests and closed after them. Read `drill.t` and `drill.sandbox` in tests.
 */
export function useDrill() {
  const drill = {} as { sandbox: Sandbox; t: TestApp };
  beforeAll(async () => {
    drill.sandbox = await startSandbox({ port: 0, redirectUris: ['http://localhost:3000/oauth'] });
    drill.t = await startTestApp(networkEnv(drill.sandbox.url));
  });
  afterAll(async () => {
    await drill.t.close();
    await drill.sandbox.close();
  });
  return drill;
}

/** A member with a connected X account and one Post Now post per text; returns the posts' ids. */
export async function postNowToX(t: TestApp, texts: string[]) {
  const coach = await makeUser(t);
  const connection = await connectX(t, coach.auth);
  const ids: string[] = [];
  for (const body of texts) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: coach.auth,
      payload: { body, connectionIds: [connection], publishNow: true },
    });
    if (res.statusCode !== 201) throw new Error(`creating a post failed: ${res.body}`);
    ids.push(res.json<{ id: string }>().id);
  }
  return ids;
}

/** How many of `texts` the sandbox received, and how many distinct: both equal `texts.length` when each went once. */
export async function sentCounts(sandboxUrl: string, texts: string[]) {
  const sent = (await publishedPosts(sandboxUrl)).filter((p) => texts.includes(p.text));
  return { sent: sent.length, distinct: new Set(sent.map((p) => p.text)).size };
}
