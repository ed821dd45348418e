import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { TokenCipher } from '../lib/crypto.js';
import type { FanoutDeps } from '../modules/autoposts/fanout.js';
import type { EmailOutbox } from '../modules/email/outbox.js';
import type { EmailSenderDeps } from '../modules/email/sender.js';
import { smtpTransport } from '../modules/email/transport.js';
import type { Logger } from '../lib/logger.js';
import { loadMediaForPublishing } from '../modules/media/service.js';
import type { EngineDeps } from '../modules/posts/engine-deps.js';
import type { Platforms } from '../platforms/index.js';
import type { Jobs } from '../jobs/boss.js';
import { enqueueIn, enqueueManyIn, jobTables } from '../jobs/queues.js';

// The worker's composition root: the publishing engine's and the fan-out's dependencies, built
// from the process's parts (main.ts hands them to startWorker).

/** The publishing engine's dependencies from the process's parts. */
export function engineDeps(parts: {
  database: Database;
  jobs: Jobs;
  cipher: TokenCipher;
  platforms: Platforms;
  config: Config;
  emails?: EmailOutbox | null;
}): EngineDeps {
  const { config } = parts;
  return {
    db: parts.database.db,
    cipher: parts.cipher,
    platforms: parts.platforms,
    enqueueIn: (tx) => enqueueIn(parts.jobs.boss, tx),
    jobTable: jobTables(parts.jobs.boss),
    emails: parts.emails ?? null,
    shortLinks: { publicUrl: config.publicUrl },
    loadMedia: (mediaId, userId) =>
      loadMediaForPublishing({ db: parts.database.db, publicUrl: config.publicUrl }, mediaId, userId),
    settings: {
      maxAttempts: config.publish.maxAttempts,
      backoffMs: config.publish.backoffMs,
      staleAfterMs: config.publish.staleAfterMs,
      reconcileAfterMs: config.publish.reconcileAfterMs,
    },
  };
}

/** The Auto-Post fan-out's dependencies from the process's parts. */
export function fanoutDeps(parts: {
  database: Database;
  jobs: Jobs;
  config: Config;
  emails?: EmailOutbox | null;
}): FanoutDeps {
  return {
    db: parts.database.db,
    emails: parts.emails ?? null,
    enqueueIn: (tx) => enqueueIn(parts.jobs.boss, tx),
    enqueueManyIn: (tx) => enqueueManyIn(parts.jobs.boss, tx),
    jobTable: jobTables(parts.jobs.boss),
    batchSize: parts.config.fanout.batchSize,
    staleAfterMs: parts.config.fanout.staleAfterMs,
  };
}

/** The email sender's dependencies, or null when this FitPost sends no email (FITPOST_SMTP_URL unset). */
export function emailSenderDeps(parts: {
  database: Database;
  config: Config;
  emails: EmailOutbox | null;
  log: Logger;
}): EmailSenderDeps | null {
  const { email } = parts.config;
  if (!parts.emails || !email.smtpUrl || !email.secret) return null;
  return {
    db: parts.database.db,
    outbox: parts.emails,
    transport: smtpTransport(email.smtpUrl, email.connections),
    from: email.from,
    publicUrl: parts.config.publicUrl,
    secret: email.secret,
    settings: {
      maxAttempts: email.maxAttempts,
      backoffMs: email.backoffMs,
      staleAfterMs: email.staleAfterMs,
    },
    log: parts.log,
  };
}
