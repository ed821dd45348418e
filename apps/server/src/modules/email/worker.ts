import type { PgBoss } from 'pg-boss';
import type { Logger } from '../../lib/logger.js';
import { queues } from '../../jobs/queues.js';
import type { EmailJob } from './outbox.js';
import { sendEmails, sweepEmails, type EmailSenderDeps } from './sender.js';

/**
 * Starts the email sender: jobs of the `email` queue (a few at a time, their rows sent side by
 * side through the SMTP pool) and the sweep that re-queues rows a dead worker left. Returns a
 * function that stops both, waiting for the emails in hand, and closes the SMTP pool.
 */
export async function startEmailWorker(
  boss: PgBoss,
  deps: EmailSenderDeps,
  opts: { sweepIntervalMs: number; log: Logger },
) {
  await boss.work<EmailJob>(
    queues.email,
    { batchSize: 4, localConcurrency: 2, pollingIntervalSeconds: 0.5 },
    async (jobs) => {
      const result = await sendEmails(
        deps,
        jobs.flatMap((job) => job.data.ids),
      );
      opts.log.debug({ ...result, jobs: jobs.length }, 'emails sent');
    },
  );
  let sweeping = false;
  const timer = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    sweepEmails(deps)
      .then((n) => n > 0 && opts.log.info({ emails: n }, 'email sweep re-queued emails a worker left'))
      .catch((err: unknown) => opts.log.error({ err }, 'email sweep failed'))
      .finally(() => (sweeping = false));
  }, opts.sweepIntervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await boss.offWork(queues.email, { wait: true });
    deps.transport.close();
  };
}
