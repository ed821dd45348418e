import type { PgBoss } from 'pg-boss';
import type { Db } from '../db/client.js';
import { queues, type ClaimRecheckJob } from '../jobs/queues.js';
import type { Logger } from '../lib/logger.js';
import type { EmailOutbox } from '../modules/email/outbox.js';
import { recheckAutoPostClaims } from '../modules/autoposts/claim-recheck.js';
import { recheckContentClaims } from '../modules/library/claim-recheck.js';

/**
 * Rechecks a portal's stored health-claim warnings after its rules changed (issue 30): its
 * content, then its scheduled Auto-Posts, a page per transaction. The job is queued by the
 * settings save (organisation/service.ts); admins are told of Auto-Posts it holds (and emailed
 * when this FitPost sends email). A failure is retried (jobs/queues.ts). Returns a
 * function that stops the handler, letting a pass in hand finish.
 */
export async function startClaimRecheck(
  boss: PgBoss,
  db: Db,
  log: Logger,
  emails: EmailOutbox | null = null,
) {
  await boss.work<ClaimRecheckJob>(
    queues.claimRecheck,
    { batchSize: 1, localConcurrency: 1, pollingIntervalSeconds: 1 },
    async ([job]) => {
      if (!job) return;
      const { portalId } = job.data;
      const started = performance.now();
      try {
        const content = await recheckContentClaims(db, portalId);
        const autoPosts = await recheckAutoPostClaims(db, portalId, emails);
        log.info(
          { jobId: job.id, portalId, content, autoPosts, ms: Math.round(performance.now() - started) },
          'health-claim warnings rechecked',
        );
      } catch (err) {
        log.error({ err, jobId: job.id, portalId }, 'rechecking health-claim warnings failed');
        throw err;
      }
    },
  );
  return () => boss.offWork(queues.claimRecheck, { wait: true });
}
