import { maxJsonBodyBytes } from '@fitpost/contract';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from '../config.js';
import type { Database, Db } from '../db/client.js';
import type { Jobs } from '../jobs/boss.js';
import { authRoutes } from '../modules/sign-in/routes.js';
import { OidcProvider } from '../modules/sign-in/oidc.js';
import { healthRoutes, type Lifecycle } from '../modules/health/routes.js';
import { socialRoutes } from '../modules/social/routes.js';
import { userRoutes } from '../modules/users/routes.js';
import type { TokenCipher } from '../lib/crypto.js';
import { createLogger, type Logger } from '../lib/logger.js';
import type { Platforms } from '../platforms/index.js';
import { queueRoutes } from '../modules/queue/routes.js';
import { postRoutes } from '../modules/posts/routes.js';
import { mediaRoutes } from '../modules/media/routes.js';
import { libraryRoutes } from '../modules/library/routes.js';
import { feedRoutes } from '../modules/feeds/routes.js';
import { notificationRoutes } from '../modules/notifications/routes.js';
import { reportRoutes } from '../modules/reports/routes.js';
import { feedImageRoutes } from '../modules/feeds/image-proxy.js';
import { autoPostRoutes } from '../modules/autoposts/routes.js';
import { announcementRoutes } from '../modules/announcements/routes.js';
import { messageRoutes } from '../modules/messages/routes.js';
import { organisationRoutes } from '../modules/organisation/routes.js';
import { emailRoutes } from '../modules/email/routes.js';
import type { EmailOutbox } from '../modules/email/outbox.js';
import { createPost } from '../modules/posts/service.js';
import { postUpsert } from '@fitpost/contract';
import { enqueueClaimRecheckIn, enqueueIn, enqueueManyIn } from '../jobs/queues.js';
import { actorOf, registerAuth } from '../modules/auth/plugin.js';
import { sessionCache } from '../modules/auth/session-cache.js';
import { meCache } from '../modules/users/me-cache.js';
import { openChangeFeed } from '../db/change-feed.js';
import { registerErrorHandler } from '../http/plugins/errors.js';
import { registerHttpMetrics } from '../http/plugins/metrics.js';
import { registerOpenApi } from '../http/plugins/openapi.js';
import { registerRateLimits } from '../http/plugins/rate-limits.js';
import { registerSecurity } from '../http/plugins/security.js';
import { registerWeb } from '../http/plugins/web.js';
import { ClickRecorder } from '../modules/links/recorder.js';
import { shortLinkRoutes } from '../modules/links/routes.js';

interface AppDeps {
  config: Config;
  database: Database;
  jobs: Jobs;
  cipher: TokenCipher;
  platforms: Platforms;
  version?: string;
  /** Set by main.ts as the process starts and stops (readiness); tests get a started process. */
  lifecycle?: Lifecycle;
  /** The process's logger (lib/logger.ts); one is made from `config.logLevel` when absent. */
  logger?: Logger;
  /** Where emails are queued (modules/email/outbox.ts); null or absent: FitPost sends no email. */
  emails?: EmailOutbox | null;
}

/**
 * FITPOST_TRUST_PROXY for Fastify: a hop count becomes the function Fastify itself would make of it
 * (its types leave numbers out).
 */
function trustedProxies(setting: Config['trustProxy']) {
  return typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;
}

const defaultVersion = '0.1.0';

/**
 * The spec's client sends `Content-Type: application/json` on every call: an empty body with it
 * reads as no body (Fastify's own parser refuses it), anything else is parsed as before, with
 * `__proto__` and `constructor` keys refused.
 */
function readEmptyJsonAsNoBody(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text === '') done(null, undefined);
    else void parseJson(request, text, done);
  });
}

/** Builds the HTTP API (and the web app's static files) without listening; tests use `inject`. */
export async function buildApp(deps: AppDeps) {
  const { config, database } = deps;
  const version = deps.version ?? defaultVersion;
  // Typed as Fastify's logger so plugins and route modules see the usual FastifyInstance.
  const loggerInstance: FastifyBaseLogger = deps.logger ?? createLogger({ level: config.logLevel });
  const app = Fastify({
    loggerInstance,
    bodyLimit: maxJsonBodyBytes,
    trustProxy: trustedProxies(config.trustProxy),
    // One line per request only when debugging; errors are always logged by the error handler.
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  readEmptyJsonAsNoBody(app);

  registerHttpMetrics(app);
  await registerSecurity(app, config);
  await registerRateLimits(app, database.db, config, (request) => actorOf(request).userId);
  // Sessions and GET /api/user/me from memory, dropped as the database announces changes
  // (docs/architecture.md, "The session cache").
  const feed = await openChangeFeed(database, (err) =>
    app.log.warn({ err }, 'listening for session and role changes failed; retrying'),
  );
  const sessions = sessionCache(database.db, feed, config.session);
  const meAnswers = meCache(database.db, feed);
  app.addHook('onClose', async () => {
    sessions.close();
    meAnswers.close();
    await feed.close();
  });
  // A change made through this process shows in its own next answer at once, before the feed says
  // so: a member's own (logout, their properties), or anyone's when an admin or a sign-in acts.
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      const changed = request.actor && !request.actor.isAdmin ? request.actor.userId : '*';
      sessions.forget(changed);
      meAnswers.forget(changed);
    }
    done(null, payload);
  });
  registerAuth(app, database.db, config, sessions);
  // In production the API's map is for the portal's admins; the demo shows it to anyone.
  await registerOpenApi(app, { version, adminOnly: !config.demo });
  const webFound = await registerWeb(app, config.webDist);
  registerErrorHandler(app, { spaFallback: webFound });

  const oidc = new OidcProvider(config.oidc);
  const organisation = {
    db: database.db,
    defaults: {
      displayName: config.organisationName,
      supportEmail: config.supportEmail,
      defaultTimeZone: null,
      feedRefreshMinutes: config.feeds.refreshMinutes,
    },
    claimRulesChanged: (tx: Db, portalId: number) => enqueueClaimRecheckIn(deps.jobs.boss, tx)(portalId),
  };
  authRoutes(app, { db: database.db, config, oidc, organisation });
  organisationRoutes(app, organisation);
  userRoutes(app, { db: database.db, me: meAnswers });
  socialRoutes(app, {
    db: database.db,
    cipher: deps.cipher,
    platforms: deps.platforms,
    publicUrl: config.publicUrl,
  });
  await mediaRoutes(app, { db: database.db, config });
  const postsDeps = {
    db: database.db,
    enqueueIn: (tx: Db) => enqueueIn(deps.jobs.boss, tx),
    timeZone: config.timeZone,
  };
  postRoutes(app, postsDeps);
  queueRoutes(app, { db: database.db, timeZone: config.timeZone });
  autoPostRoutes(app, {
    ...postsDeps,
    enqueueManyIn: (tx: Db) => enqueueManyIn(deps.jobs.boss, tx),
    publicUrl: config.publicUrl,
    createMemberPost: (tx, actor, input) =>
      createPost({ ...postsDeps, db: tx }, actor, postUpsert.parse(input)),
  });
  libraryRoutes(app, { db: database.db, publicUrl: config.publicUrl });
  feedRoutes(app, {
    db: database.db,
    fetch: { allowLoopback: config.feeds.allowLoopback },
    logError: (message, err) => app.log.error({ err }, message),
  });
  notificationRoutes(app, { db: database.db });
  reportRoutes(app, { db: database.db, timeZone: config.timeZone });
  messageRoutes(app, { db: database.db, emails: deps.emails ?? null });
  await emailRoutes(app, {
    db: database.db,
    enabled: config.email.smtpUrl !== null,
    secret: config.email.secret,
    rateLimitPerMinute: config.authRateLimitPerMinute,
  });
  feedImageRoutes(app, { db: database.db, allowLoopback: config.feeds.allowLoopback });
  announcementRoutes(app, { db: database.db, publicRateLimitPerMinute: config.authRateLimitPerMinute });
  healthRoutes(app, healthDeps(deps, version));
  const clicks = new ClickRecorder({
    db: database.db,
    onError: (err, dropped) => app.log.error({ err, dropped }, 'recording short-link clicks failed'),
  });
  app.addHook('onClose', () => clicks.close());
  shortLinkRoutes(app, { db: database.db, recorder: clicks });
  return app;
}

function healthDeps(deps: Pick<AppDeps, 'config' | 'database' | 'jobs' | 'lifecycle'>, version: string) {
  return {
    database: deps.database,
    jobs: deps.jobs,
    version,
    workerExpected: deps.config.services.includes('worker'),
    lifecycle: deps.lifecycle ?? { migrated: true, draining: false },
    metricsToken: deps.config.ops.metricsToken,
    demo: deps.config.demo,
  };
}

/**
 * For a worker-only process: liveness, readiness, `/api/health` and `/metrics` on
 * FITPOST_OPS_PORT, nothing else, so a load balancer or orchestrator can watch it too.
 */
export async function buildOpsApp(
  deps: Pick<AppDeps, 'config' | 'database' | 'jobs' | 'lifecycle' | 'logger'>,
) {
  const loggerInstance: FastifyBaseLogger = deps.logger ?? createLogger({ level: deps.config.logLevel });
  const app = Fastify({ loggerInstance, logController: new LogController({ disableRequestLogging: true }) });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app, { spaFallback: false });
  registerHttpMetrics(app);
  // So an admin's session can see /api/health's detail here too.
  registerAuth(app, deps.database.db, deps.config);
  healthRoutes(app, healthDeps(deps, defaultVersion));
  await app.ready();
  return app;
}
