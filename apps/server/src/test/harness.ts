import { randomUUID } from 'node:crypto';
import { roleIds } from '@fitpost/contract';
import type { DestinationStream } from 'pino';
import { inject } from 'vitest';
import { loadConfig, type Config } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { portals, userRoles, users } from '../db/schema.js';
import { buildApp } from '../app/api.js';
import { createSession } from '../modules/auth/sessions.js';
import { newTokenKey } from '../lib/crypto.js';
import { resolveTokenCipher } from '../app/token-cipher.js';
import { createJobs } from '../jobs/boss.js';
import { createEmailOutbox } from '../modules/email/outbox.js';
import { createLogger } from '../lib/logger.js';
import { createPlatforms } from '../platforms/index.js';
import {
  copyPostgresTemplate,
  databaseUrl as templateUrl,
  openPgliteCopy,
  withClient,
} from './template-db.js';

/**
 * A real FitPost API on a real database for one test file: in-memory PGlite by default, or a
 * fresh database on the PostgreSQL server named by TEST_DATABASE_URL (the test run starts one).
 * Logs are off unless `env` sets LOG_LEVEL; `logTo` receives them (stdout otherwise).
 */
export async function startTestApp(
  env: Record<string, string> = {},
  opts: { logTo?: DestinationStream } = {},
) {
  const admin = process.env.TEST_DATABASE_URL;
  let dbName: string | undefined;
  let databaseUrl: string | undefined;
  const template = inject('postgresTemplate');
  if (admin) {
    if (!template) throw new Error('TEST_DATABASE_URL is set but the global set-up built no template');
    dbName = `fitpost_test_${randomUUID().replaceAll('-', '')}`;
    await copyPostgresTemplate(admin, template, dbName);
    databaseUrl = templateUrl(admin, dbName);
  }
  const config: Config = loadConfig({
    // Tests run against the sandbox, so the demo's defaults apply; config.test.ts covers production.
    FITPOST_DEMO: 'true',
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    FITPOST_SERVICES: 'api',
    FITPOST_PUBLIC_HOSTS: 'localhost:3000,app.fitpost.test',
    FITPOST_AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    FITPOST_WEB_DIST: '/nonexistent',
    FITPOST_TOKEN_KEYS: newTokenKey('test1'),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl, DATABASE_POOL_SIZE: '4' } : {}),
    ...env,
  });
  // A copy of the run's migrated template (global-setup.ts); migrate() then only confirms it is current.
  const database: Database = databaseUrl
    ? await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 4 })
    : await openPgliteCopy(inject('pgliteTemplate'));
  await database.migrate();
  const cipher = resolveTokenCipher(config);
  const log = createLogger({ level: config.logLevel, ...(opts.logTo ? { destination: opts.logTo } : {}) });
  const jobs = createJobs(database, { worker: false, log });
  await jobs.start();
  const platforms = createPlatforms(config.platforms);
  // With FITPOST_SMTP_URL in `env`, the API queues messages' emails as the real one does.
  const emails = createEmailOutbox(jobs.boss, config.email);
  const app = await buildApp({ config, database, jobs, cipher, platforms, logger: log, emails });
  await app.ready();
  return {
    app,
    cipher,
    db: database.db,
    database,
    config,
    jobs,
    platforms,
    log,
    /** The PostgreSQL database this file got (null on PGlite), for tests that start other processes. */
    databaseUrl: databaseUrl ?? null,
    async close() {
      await app.close();
      await jobs.stop();
      await database.close();
      if (admin && dbName)
        await withClient(admin, (c) => c.query(`drop database if exists ${dbName} with (force)`));
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof startTestApp>>;

let seq = 0;

/** Factory: a user with the given roles and a live session; returns the user row and bearer token. */
export async function makeUser(
  t: TestApp,
  opts: { portalId?: number; admin?: boolean; member?: boolean; name?: string; email?: string } = {},
) {
  seq += 1;
  const portalId = opts.portalId ?? 1;
  await t.db
    .insert(portals)
    .values({ id: portalId, alias: `p${portalId}`, name: `Portal ${portalId}` })
    .onConflictDoNothing();
  const [user] = await t.db
    .insert(users)
    .values({
      portalId,
      subject: `test-${seq}-${randomUUID()}`,
      email: opts.email ?? `user${seq}.${randomUUID().slice(0, 8)}@example.com`,
      fullName: opts.name ?? `Test User ${seq}`,
      accountType: 'Personal Trainer',
      lastSignInAt: new Date(),
    })
    .returning();
  if (!user) throw new Error('no user');
  const grants = [...(opts.member !== false ? [roleIds.member] : []), ...(opts.admin ? [roleIds.admin] : [])];
  for (const roleId of grants) {
    await t.db
      .insert(userRoles)
      .values({ userId: user.id, roleId, source: 'admin', startDate: new Date(Date.now() - 1000) });
  }
  const token = await createSession(t.db, user.id, t.config.session);
  return { user, token, auth: { authorization: `Bearer ${token}` } };
}
