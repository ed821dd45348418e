// First: on an older Node.js the server stops here with one line saying which to use.
import './check-node.js';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { seedDemo, seedReferenceData } from './db/seed.js';
import { seedDemoLibrary } from './modules/library/demo-seed.js';
import { buildApp, buildOpsApp } from './app/api.js';
import type { Lifecycle } from './modules/health/routes.js';
import { createJobs } from './jobs/boss.js';
import { resolveTokenCipher } from './app/token-cipher.js';
import { startWorker } from './app/worker.js';
import { startClaimRecheck } from './app/claim-recheck.js';
import { emailSenderDeps, engineDeps, fanoutDeps } from './app/worker-deps.js';
import { createEmailOutbox } from './modules/email/outbox.js';
import { startEmailWorker } from './modules/email/worker.js';
import { reencryptTokens } from './modules/social/rekey.js';
import { createPlatforms } from './platforms/index.js';
import { startFeedWorker } from './modules/feeds/jobs.js';
import { startEngagementWorker } from './modules/metrics/jobs.js';
import { startExpiryWarnings } from './modules/social/expiry.js';
import { startSessionPruning } from './modules/auth/sessions.js';
import { startUpkeep } from './db/upkeep.js';
import { createLogger, type Logger } from './lib/logger.js';

/**
 * Starts FitPost: `--services=api,worker` (default both). The database is migrated and seeded
 * before anything listens, and SIGINT/SIGTERM stop everything in reverse order.
 */
async function main(log: Logger) {
  const { values } = parseArgs({ options: { services: { type: 'string' } } });
  const env = values.services ? { ...process.env, FITPOST_SERVICES: values.services } : process.env;
  const config = loadConfig(env);
  log.level = config.logLevel;
  const logError = (message: string, err: unknown) => log.error({ err }, message);
  const lifecycle: Lifecycle = { migrated: false, draining: false };

  const database = await openDatabase(config.database);
  await database.migrate();
  lifecycle.migrated = true;
  await seedReferenceData(database.db);
  if (config.demoSeed) await seedDemo(database.db);
  if (config.demoSeed) await seedDemoLibrary(database.db, { sandboxUrl: config.sandboxUrl });

  const runWorker = config.services.includes('worker');
  const jobs = createJobs(database, { worker: runWorker, log });
  await jobs.start();
  const cipher = resolveTokenCipher(config);
  const platforms = createPlatforms(config.platforms);
  // Notifications (and messages) also go out by email when FITPOST_SMTP_URL is set.
  const emails = createEmailOutbox(jobs.boss, config.email);
  /** What the worker runs, stopped in reverse order on shutdown. */
  const workerParts: (() => unknown)[] = [];
  if (runWorker) {
    workerParts.push(
      await startWorker(jobs.boss, engineDeps({ database, jobs, cipher, platforms, config, emails }), {
        concurrency: config.workerConcurrency,
        sweepIntervalMs: config.publish.sweepIntervalMs,
        fanout: fanoutDeps({ database, jobs, config, emails }),
        log,
        shutdownTimeoutMs: config.ops.shutdownTimeoutMs,
      }),
      await startFeedWorker(
        jobs.boss,
        { db: database.db, fetch: { allowLoopback: config.feeds.allowLoopback }, logError },
        { intervalMinutes: config.feeds.refreshMinutes, log },
      ),
      // Published posts' figures, on their decaying schedule (modules/metrics).
      await startEngagementWorker(
        jobs.boss,
        { db: database.db, cipher, platforms, emails },
        { everyMs: config.engagement.pollMs, log },
      ),
      // Members are told a week before a connection's known token expiry lapses (issue 12).
      await startExpiryWarnings(jobs.boss, { db: database.db, emails }, { log }),
      // Ended sessions would otherwise stay in the table for ever.
      await startSessionPruning(jobs.boss, { db: database.db, settings: config.session, log }),
      // Stored health-claim warnings follow the organisation's rules when they change (issue 30).
      await startClaimRecheck(jobs.boss, database.db, log, emails),
    );
    const sender = emailSenderDeps({ database, config, emails, log });
    if (sender)
      workerParts.push(
        await startEmailWorker(jobs.boss, sender, { sweepIntervalMs: config.email.sweepIntervalMs, log }),
      );
    // Embedded PGlite runs no autovacuum: the worker keeps its statistics and dead rows in hand.
    if (database.raw.kind === 'pglite')
      workerParts.push(startUpkeep(database.raw.client, { everyMs: 30_000, logError }));
    // After a key rotation, tokens still sealed with an older key are re-sealed in the background.
    reencryptTokens(database.db, cipher, { batchSize: 200 }).then(
      (r) =>
        log.info(
          { ...r },
          `FitPost token keys: ${r.resealed} re-sealed, ${r.unreadable} unreadable of ${r.scanned} connections`,
        ),
      (err: unknown) => logError('FitPost token keys: re-sealing failed', err),
    );
  }

  const app = config.services.includes('api')
    ? await buildApp({ config, database, jobs, cipher, platforms, logger: log, lifecycle, emails })
    : null;
  if (app) await app.listen({ host: config.host, port: config.port });
  // A worker-only process answers health probes and metrics scrapes on its own port, when given one.
  const opsApp =
    !app && config.ops.port !== null
      ? await buildOpsApp({ config, database, jobs, lifecycle, logger: log })
      : null;
  if (opsApp) await opsApp.listen({ host: config.host, port: config.ops.port ?? 0 });

  const mode =
    database.kind === 'pglite'
      ? `PGlite in ${config.database.kind === 'pglite' ? config.database.dataDir : ''}`
      : 'PostgreSQL';
  log.info(
    { services: config.services, address: app?.server.address() },
    `FitPost ${config.services.join('+')} ready (${mode})${app ? ` on ${config.publicUrl}` : ''}`,
  );

  /**
   * Graceful shutdown: readiness turns 503 at once while the API keeps serving for
   * FITPOST_SHUTDOWN_DRAIN_MS (a load balancer's health check sees it and stops sending), then the
   * port closes and the API finishes the requests it has, the worker stops claiming, lets the sends in flight finish and
   * writes their outcomes, and hands back jobs it fetched but had not claimed — all within
   * FITPOST_SHUTDOWN_TIMEOUT_MS. Whatever is still unfinished then is left to the sweep.
   */
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    lifecycle.draining = true;
    const drainMs = app ? config.ops.drainMs : 0;
    log.info(
      { signal, drainMs },
      `FitPost stopping (${signal}): readiness 503, port open for ${drainMs} ms…`,
    );
    try {
      if (drainMs > 0) await sleep(drainMs);
      if (app) log.info({ signal }, 'FitPost drained: closing the port');
      const deadline = Date.now() + config.ops.shutdownTimeoutMs;
      await app?.close();
      log.info({ signal }, 'FitPost port closed; requests in hand finished');
      // All at once: the publish pump must stop claiming now, not after the periodic jobs.
      await beforeDeadline(Promise.all(workerParts.map((stopPart) => stopPart())), deadline);
      await jobs.stop();
      await opsApp?.close();
      await database.close();
      log.info({ signal }, 'FitPost stopped');
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'FitPost did not stop cleanly');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

/** Waits for `work` until `deadline` at most. */
async function beforeDeadline(work: unknown, deadline: number) {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>(
    (resolve) => (timer = setTimeout(resolve, Math.max(0, deadline - Date.now()))),
  );
  await Promise.race([Promise.resolve(work), late]);
  clearTimeout(timer);
}

// Before the configuration is read (and validates LOG_LEVEL), log at info.
const log = createLogger({ level: 'info' });
main(log).catch((err: unknown) => {
  // The whole error with its stack, written synchronously before the process ends.
  log.fatal({ err }, `FitPost failed to start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
