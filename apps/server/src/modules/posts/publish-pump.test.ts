import type { PgBoss } from 'pg-boss';
import { expect, it, vi } from 'vitest';
import { createLogger } from '../../lib/logger.js';
import type { EngineDeps } from './engine-deps.js';
import { startPublishPump } from './publish-pump.js';
import { queues, type PublishJob } from '../../jobs/queues.js';

it('hands back, unclaimed, the jobs a fetch returns after the pump began to stop', async () => {
  // A stand-in job engine whose fetch answers only when the test says so.
  let answer: (jobs: { id: string; data: PublishJob }[]) => void = () => undefined;
  const calls: string[] = [];
  const boss = {
    fetch: vi.fn(() => new Promise((resolve) => (answer = resolve))),
    complete: vi.fn((_queue: string, ids: string[]) => calls.push(`complete ${ids.join()}`)),
    fail: vi.fn((queue: string, ids: string[]) => calls.push(`fail ${queue} ${ids.join()}`)),
    retry: vi.fn((queue: string, ids: string[]) => calls.push(`retry ${queue} ${ids.join()}`)),
  };
  // Claiming would need the database: the pump must not get that far.
  const deps = {} as EngineDeps;
  const pump = startPublishPump(boss as unknown as PgBoss, deps, {
    concurrency: 4,
    log: createLogger({ level: 'silent' }),
  });
  await vi.waitFor(() => expect(boss.fetch).toHaveBeenCalled());
  const stopped = pump.stop(1000);
  answer([
    { id: 'job-1', data: { targetId: 'target-1', version: 1 } },
    { id: 'job-2', data: { targetId: 'target-2', version: 1 } },
  ]);
  await stopped;
  // Failed then retried: back in the queue at once for another worker, never claimed here.
  expect(calls).toEqual([`fail ${queues.publish} job-1,job-2`, `retry ${queues.publish} job-1,job-2`]);
  expect(boss.fetch).toHaveBeenCalledTimes(1);
});
