import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { TokenCipher } from '../../lib/crypto.js';
import type { Platforms, PublishMedia } from '../../platforms/index.js';
import type { EmailOutbox } from '../email/outbox.js';

/**
 * What the publishing engine (engine.ts, send.ts, outcomes.ts) is given by its composition root
 * (app/worker-deps.ts): its own file, so the engine's parts share it without importing each other.
 */
type Enqueue = (queue: string, data: object, startAfter?: Date) => Promise<unknown>;

export interface EngineDeps {
  db: Db;
  cipher: TokenCipher;
  platforms: Platforms;
  /** Sends a job within the given transaction (see jobs/queues.ts enqueueIn). */
  enqueueIn: (tx: Db) => Enqueue;
  /** Where pg-boss keeps a queue's jobs (see jobs/queues.ts jobTables), for the sweep's lost-job check. */
  jobTable: (queue: string) => Promise<SQL>;
  /** Resolves a post's graphic for publishing; null when it no longer exists. */
  loadMedia: (mediaId: string, userId: string) => Promise<PublishMedia | null>;
  settings: EngineSettings;
  /**
   * FitPost's short links (issue 30): links go out as `<publicUrl>/l/<code>` where the organisation
   * tracks links. The worker always sets it; absent (some engine tests), links go out as they are.
   */
  shortLinks?: { publicUrl: string };
  /** Where notifications' emails are queued; absent or null: no email. */
  emails?: EmailOutbox | null;
  now?: () => Date;
}

interface EngineSettings {
  /** Attempts per target before it is failed for good. */
  maxAttempts: number;
  /** First retry delay; doubles per attempt unless the network said how long to wait. */
  backoffMs: number;
  /** A target left `publishing` this long (a worker died mid-call) is treated as unknown. */
  staleAfterMs: number;
  /** Wait before asking the network whether an ambiguous send landed. */
  reconcileAfterMs: number;
}
