import { parseArgs } from 'node:util';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { seedDemo, seedReferenceData } from './db/seed.js';
import { seedDemoLibrary } from './db/seed-library.js';
import { buildApp } from './http/app.js';
import { createJobs } from './jobs/boss.js';
import { resolveTokenCipher } from './lib/token-keys.js';
import { startWorker } from './jobs/worker.js';
import { engineDeps, fanoutDeps } from './modules/posts/wiring.js';
import { reencryptTokens } from './modules/social/rekey.js';
import { createPlatforms } from './platforms/index.js';
import { startFeedWorker } from './modules/feeds/jobs.js';
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

  const database = await openDatabase(config.database);
  await database.migrate();
  await seedReferenceData(database.db);
  if (config.demoSeed) await seedDemo(database.db);
  if (config.demoSeed) await seedDemoLibrary(database.db, { sandboxUrl: config.sandboxUrl });

  const runWorker = config.services.includes('worker');
  const jobs = createJobs(database, { worker: runWorker, log });
  await jobs.start();
  const cipher = resolveTokenCipher(config);
  const platforms = createPlatforms(config.platforms);
  const stopWorker = runWorker
    ? await startWorker(jobs.boss, engineDeps({ database, jobs, cipher, platforms, config }), {
        concurrency: config.workerConcurrency,
        sweepIntervalMs: config.publish.sweepIntervalMs,
        fanout: fanoutDeps({ database, jobs, config }),
        log,
      })
    : null;
  if (runWorker) {
    await startFeedWorker(
      jobs.boss,
      {
        db: database.db,
        fetch: { allowLoopback: config.feeds.allowLoopback },
        logError,
      },
      { intervalMinutes: config.feeds.refreshMinutes, log },
    );
    // Ended sessions would otherwise stay in the table for ever.
    await startSessionPruning(jobs.boss, { db: database.db, settings: config.session, log });
  }
  // Embedded PGlite runs no autovacuum: the worker keeps its statistics and dead rows in hand.
  if (runWorker && database.raw.kind === 'pglite')
    startUpkeep(database.raw.client, {
      everyMs: 30_000,
      logError,
    });
  // After a key rotation, tokens still sealed with an older key are re-sealed in the background.
  if (runWorker) {
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
    ? await buildApp({ config, database, jobs, cipher, platforms, logger: log })
    : null;
  if (app) await app.listen({ host: config.host, port: config.port });

  const mode =
    database.kind === 'pglite'
      ? `PGlite in ${config.database.kind === 'pglite' ? config.database.dataDir : ''}`
      : 'PostgreSQL';
  log.info(
    { services: config.services },
    `FitPost ${config.services.join('+')} ready (${mode})${app ? ` on ${config.publicUrl}` : ''}`,
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, `FitPost stopping (${signal})…`);
    await app?.close();
    await stopWorker?.();
    await jobs.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

// Before the configuration is read (and validates LOG_LEVEL), log at info.
const log = createLogger({ level: 'info' });
main(log).catch((err: unknown) => {
  // The whole error with its stack, written synchronously before the process ends.
  log.fatal({ err }, `FitPost failed to start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
