import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { TestApp } from './harness.js';
import { networkEnv } from './social.js';

const root = fileURLToPath(new URL('../../../../', import.meta.url));

/**
 * A separate worker process (`--services=worker`) on the test's PostgreSQL database and sandbox,
 * for crash drills: it can be killed with SIGKILL like a real one. Short timeouts and sweeps keep
 * a drill within seconds; `env` adds or overrides settings.
 */
export function startWorkerProcess(
  t: TestApp,
  sandboxUrl: string,
  env: Record<string, string> = {},
): ChildProcess {
  if (!t.databaseUrl || !t.config.tokenKeys) throw new Error('needs PostgreSQL and token keys');
  return spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', '--services=worker'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      ...networkEnv(sandboxUrl),
      DATABASE_URL: t.databaseUrl,
      FITPOST_TOKEN_KEYS: t.config.tokenKeys,
      FITPOST_DEMO_SEED: 'false',
      LOG_LEVEL: 'warn',
      FITPOST_NETWORK_TIMEOUT_MS: '3000',
      FITPOST_PUBLISH_STALE_AFTER_MS: '4000',
      FITPOST_SWEEP_INTERVAL_MS: '500',
      FITPOST_RECONCILE_AFTER_MS: '200',
      FITPOST_PUBLISH_BACKOFF_MS: '100',
      ...env,
    },
  });
}

/** Resolves once the process has exited (at once if it already has). */
export const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve()),
  );
