import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { TestApp } from './harness.js';
import { networkEnv } from './social.js';

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
