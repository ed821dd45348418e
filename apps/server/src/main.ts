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
import { startUpkeep } from './db/upkeep.js';

/**
 * Starts FitPost: `--services=api,worker` (default both). The database is migrated and seeded
 * before anything listens, and SIGINT/SIGTERM stop everything in reverse order.
 */
async function main() {
  const { values } = parseArgs({ options: { services: { type: 'string' } } });
  const env = values.services ? { ...process.env, FITPOST_SERVICES: values.services } : process.env;
  const config = loadConfig(env);

  const database = await openDatabase(config.database);
  await database.migrate();
  await seedReferenceData(database.db);
  if (config.demoSeed) await seedDemo(database.db);
  if (config.demoSeed) await seedDemoLibrary(database.db, { sandboxUrl: config.sandboxUrl });

  const runWorker = config.services.includes('worker');
  const jobs = createJobs(database, { worker: runWorker });
  await jobs.start();
  const cipher = resolveTokenCipher(config);
  const platforms = createPlatforms(config.platforms);
  const stopWorker = runWorker
    ? await startWorker(jobs.boss, engineDeps({ database, jobs, cipher, platforms, config }), {
        concurrency: config.workerConcurrency,
        sweepIntervalMs: config.publish.sweepIntervalMs,
        fanout: fanoutDeps({ database, jobs, config }),
      })
    : null;
  if (runWorker)
    await startFeedWorker(
      jobs.boss,
      {
        db: database.db,
        fetch: { allowLoopback: config.feeds.allowLoopback },
        logError: (message, err) => console.error(message, err),
      },
      { intervalMinutes: config.feeds.refreshMinutes },
    );
  // Embedded PGlite runs no autovacuum: the worker keeps its statistics and dead rows in hand.
  if (runWorker && database.raw.kind === 'pglite')
    startUpkeep(database.raw.client, {
      everyMs: 30_000,
      logError: (message, err) => console.error(message, err),
    });
  // After a key rotation, tokens still sealed with an older key are re-sealed in the background.
  if (runWorker) {
    reencryptTokens(database.db, cipher, { batchSize: 200 }).then(
      (r) =>
        console.log(
          `FitPost token keys: ${r.resealed} re-sealed, ${r.unreadable} unreadable of ${r.scanned} connections`,
        ),
      (err: unknown) => console.error('FitPost token keys: re-sealing failed:', err),
    );
  }

  const app = config.services.includes('api')
    ? await buildApp({ config, database, jobs, cipher, platforms })
    : null;
  if (app) await app.listen({ host: config.host, port: config.port });

  const mode =
    database.kind === 'pglite'
      ? `PGlite in ${config.database.kind === 'pglite' ? config.database.dataDir : ''}`
      : 'PostgreSQL';
  console.log(`FitPost ${config.services.join('+')} ready (${mode})${app ? ` on ${config.publicUrl}` : ''}`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`FitPost stopping (${signal})…`);
    await app?.close();
    await stopWorker?.();
    await jobs.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
