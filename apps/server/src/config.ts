import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { timeZone } from '@fitpost/contract';
import { demoDefaults } from './config/demo.js';
import { productionChecks } from './config/production-checks.js';
import { boolean, csv, isLoopback, missing, required, secret, trustProxy } from './config/values.js';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

const hourMs = 3600_000;

/**
 * Every setting FitPost reads, validated once at start-up. Without FITPOST_DEMO=true the
 * organisation's provider, the networks' credentials, token keys and bootstrap admins must be
 * set; README.md lists each variable. The values' types are in config/values.ts, the demo's
 * defaults in config/demo.ts, the rules across variables in config/production-checks.ts.
 */
const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    HOST: z.string().default('127.0.0.1'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    SANDBOX_PORT: z.coerce.number().int().min(1).max(65535).default(4000),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    FITPOST_DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
    /** PGlite's buffer cache (PostgreSQL's shared_buffers); unset: PGlite's own 128MB. */
    FITPOST_PGLITE_SHARED_BUFFERS: z
      .string()
      .regex(/^[1-9]\d*(kB|MB|GB)$/, 'must be a size such as 32MB')
      .optional(),
    /**
     * Whether V8 recompiles PGlite's hot WebAssembly with its optimizing compiler: about a fifth
     * less CPU per published post, for a burst of about 600 MiB while it compiles (db/baseline-wasm.ts).
     */
    FITPOST_PGLITE_OPTIMIZE_WASM: boolean.default(false),
    FITPOST_WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
    FITPOST_SERVICES: csv.pipe(z.array(z.enum(['api', 'worker'])).min(1)).default(['api', 'worker']),
    FITPOST_DEMO: boolean.default(false),
    FITPOST_PUBLIC_URL: required(z.url),
    FITPOST_PUBLIC_HOSTS: required(z.string).pipe(csv).pipe(z.array(z.string()).min(1)),
    FITPOST_OIDC_ISSUER: required(z.url),
    FITPOST_OIDC_CLIENT_ID: secret,
    FITPOST_OIDC_CLIENT_SECRET: secret,
    FITPOST_OIDC_SCOPES: z.string().default('openid email profile fitpost'),
    FITPOST_BOOTSTRAP_ADMINS: required(z.string).pipe(csv).pipe(z.array(z.email()).min(1)),
    FITPOST_SESSION_IDLE_HOURS: z.coerce
      .number()
      .positive()
      .max(24 * 90)
      .default(72),
    FITPOST_SESSION_MAX_DAYS: z.coerce.number().positive().max(365).default(30),
    FITPOST_AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(60),
    FITPOST_UPLOADS_PER_HOUR: z.coerce.number().int().min(1).default(120),
    FITPOST_FEED_ADDS_PER_HOUR: z.coerce.number().int().min(1).default(20),
    FITPOST_FEED_REFRESHES_PER_HOUR: z.coerce.number().int().min(1).default(30),
    FITPOST_MESSAGES_PER_HOUR: z.coerce.number().int().min(1).default(120),
    FITPOST_IMAGE_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
    UV_THREADPOOL_SIZE: z.coerce.number().int().min(1).max(1024).default(4),
    FITPOST_TRUST_PROXY: trustProxy.default(false),
    FITPOST_ORGANISATION_NAME: secret,
    FITPOST_SUPPORT_EMAIL: required(z.email),
    FITPOST_TIME_ZONE: timeZone.default('UTC'),
    FITPOST_DEMO_SEED: boolean.optional(),
    FITPOST_TOKEN_KEYS: z.string().optional(),
    // Real hosts by default; the demo points them at the sandbox.
    FITPOST_X_API_URL: z.url().default('https://api.x.com'),
    FITPOST_X_CONSUMER_KEY: secret,
    FITPOST_X_CONSUMER_SECRET: secret,
    FITPOST_LINKEDIN_AUTH_URL: z.url().default('https://www.linkedin.com/oauth/v2'),
    FITPOST_LINKEDIN_API_URL: z.url().default('https://api.linkedin.com'),
    FITPOST_LINKEDIN_CLIENT_ID: secret,
    FITPOST_LINKEDIN_CLIENT_SECRET: secret,
    FITPOST_LINKEDIN_VERSION: z
      .string()
      .regex(/^\d{6}$/, 'must be YYYYMM')
      .default('202610'),
    FITPOST_FACEBOOK_AUTH_URL: z.url().default('https://www.facebook.com/v23.0/dialog/oauth'),
    FITPOST_FACEBOOK_GRAPH_URL: z.url().default('https://graph.facebook.com/v23.0'),
    FITPOST_FACEBOOK_CLIENT_ID: secret,
    FITPOST_FACEBOOK_CLIENT_SECRET: secret,
    FITPOST_NETWORK_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
    FITPOST_WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(100),
    FITPOST_PUBLISH_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
    FITPOST_PUBLISH_BACKOFF_MS: z.coerce.number().int().min(10).max(3_600_000).default(30_000),
    FITPOST_RECONCILE_AFTER_MS: z.coerce.number().int().min(10).max(3_600_000).default(30_000),
    FITPOST_PUBLISH_STALE_AFTER_MS: z.coerce.number().int().min(100).max(86_400_000).optional(),
    FITPOST_SWEEP_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
    FITPOST_FANOUT_BATCH_SIZE: z.coerce.number().int().min(1).max(5000).default(500),
    FITPOST_FANOUT_STALE_AFTER_MS: z.coerce.number().int().min(100).max(86_400_000).default(60_000),
    FITPOST_FEEDS_ALLOW_LOOPBACK: boolean.optional(),
    FITPOST_FEED_REFRESH_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
    FITPOST_ENGAGEMENT_POLL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    FITPOST_SMTP_URL: z
      .url({ protocol: /^smtps?$/, message: 'must be an smtp:// or smtps:// URL' })
      .optional(),
    FITPOST_MAIL_FROM: z
      .string()
      .regex(
        /^([^<>]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/,
        'must be an address, or a name and <address>',
      )
      .optional(),
    FITPOST_EMAIL_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    FITPOST_SMTP_CONNECTIONS: z.coerce.number().int().min(1).max(100).default(5),
    FITPOST_EMAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(30).default(8),
    FITPOST_EMAIL_BACKOFF_MS: z.coerce.number().int().min(10).max(3_600_000).default(60_000),
    FITPOST_EMAIL_STALE_AFTER_MS: z.coerce.number().int().min(100).max(86_400_000).default(180_000),
    FITPOST_METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    FITPOST_OPS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    FITPOST_SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).optional(),
    FITPOST_SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(600_000).default(5000),
  })
  // Runs even when single variables failed, so one message names every problem at once.
  .superRefine((env, ctx) => productionChecks(env, ctx), { when: () => true })
  .transform((env) => {
    const oidcIssuer = env.FITPOST_OIDC_ISSUER;
    return {
      env: env.NODE_ENV,
      logLevel: env.LOG_LEVEL,
      host: env.HOST,
      port: env.PORT,
      services: env.FITPOST_SERVICES,
      database: env.DATABASE_URL
        ? ({ kind: 'postgres', url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE } as const)
        : ({
            kind: 'pglite',
            dataDir: path.join(env.FITPOST_DATA_DIR, 'db'),
            sharedBuffers: env.FITPOST_PGLITE_SHARED_BUFFERS,
            optimizeWasm: env.FITPOST_PGLITE_OPTIMIZE_WASM,
          } as const),
      webDist: env.FITPOST_WEB_DIST,
      /** FITPOST_DEMO: the sandbox and demo data are in use (npm start). */
      demo: env.FITPOST_DEMO,
      /** The sandbox's address (npm start runs it there): the demo library's system feeds point at it. */
      sandboxUrl: `http://127.0.0.1:${env.SANDBOX_PORT}`,
      publicUrl: env.FITPOST_PUBLIC_URL,
      publicHosts: env.FITPOST_PUBLIC_HOSTS,
      oidc: {
        issuer: oidcIssuer,
        clientId: env.FITPOST_OIDC_CLIENT_ID,
        clientSecret: env.FITPOST_OIDC_CLIENT_SECRET,
        scopes: env.FITPOST_OIDC_SCOPES,
        /** Plain http is only tolerated for a provider on this machine (the sandbox). */
        allowHttp: isLoopback(new URL(oidcIssuer)),
      },
      bootstrapAdmins: env.FITPOST_BOOTSTRAP_ADMINS.map((e) => e.toLowerCase()),
      session: {
        idleMs: env.FITPOST_SESSION_IDLE_HOURS * 3600_000,
        maxMs: env.FITPOST_SESSION_MAX_DAYS * 86400_000,
      },
      authRateLimitPerMinute: env.FITPOST_AUTH_RATE_LIMIT_PER_MINUTE,
      /** Per-member limits (http/plugins/rate-limits.ts), counted in the database across processes. */
      memberLimits: {
        mediaUpload: { max: env.FITPOST_UPLOADS_PER_HOUR, windowMs: hourMs },
        feedCreate: { max: env.FITPOST_FEED_ADDS_PER_HOUR, windowMs: hourMs },
        feedRefresh: { max: env.FITPOST_FEED_REFRESHES_PER_HOUR, windowMs: hourMs },
        messageCompose: { max: env.FITPOST_MESSAGES_PER_HOUR, windowMs: hourMs },
      },
      /** Fastify's `trustProxy`: which proxies' X-Forwarded-For to believe (false: none). */
      trustProxy: env.FITPOST_TRUST_PROXY,
      /**
       * Uploaded images decoded at once per process; the rest wait their turn. By default half the
       * cores, and always two of libuv's threads left for DNS lookups and file reads.
       */
      imageConcurrency:
        env.FITPOST_IMAGE_CONCURRENCY ??
        Math.max(1, Math.min(Math.floor(availableParallelism() / 2), env.UV_THREADPOOL_SIZE - 2)),
      organisationName: env.FITPOST_ORGANISATION_NAME,
      supportEmail: env.FITPOST_SUPPORT_EMAIL,
      /** The organisation's time zone (IANA): queue slots are read in it until a member saves their own. */
      timeZone: env.FITPOST_TIME_ZONE,
      demoSeed: env.FITPOST_DEMO_SEED ?? false,
      /** `id:base64key,…`, current first; unset in embedded mode means a key kept in the data directory. */
      tokenKeys: env.FITPOST_TOKEN_KEYS ?? null,
      workerConcurrency: env.FITPOST_WORKER_CONCURRENCY,
      publish: {
        maxAttempts: env.FITPOST_PUBLISH_MAX_ATTEMPTS,
        backoffMs: env.FITPOST_PUBLISH_BACKOFF_MS,
        reconcileAfterMs: env.FITPOST_RECONCILE_AFTER_MS,
        /** A target left `publishing` this long (its worker died mid-call) is handed to reconcile. */
        staleAfterMs: env.FITPOST_PUBLISH_STALE_AFTER_MS ?? env.FITPOST_NETWORK_TIMEOUT_MS * 2 + 60_000,
        sweepIntervalMs: env.FITPOST_SWEEP_INTERVAL_MS,
      },
      fanout: {
        /** Members handled per fan-out transaction. */
        batchSize: env.FITPOST_FANOUT_BATCH_SIZE,
        /** A fan-out silent this long (its worker died) is resumed from its cursor by the sweep. */
        staleAfterMs: env.FITPOST_FANOUT_STALE_AFTER_MS,
      },
      feeds: {
        /**
         * Lets feed fetches reach loopback (127/8, ::1) so the sandbox can serve demo feeds; private,
         * link-local and metadata addresses stay refused regardless. Never on in production.
         */
        allowLoopback: env.FITPOST_FEEDS_ALLOW_LOOPBACK ?? false,
        /** How often the worker refreshes each active feed, in minutes. */
        refreshMinutes: env.FITPOST_FEED_REFRESH_MINUTES,
      },
      engagement: {
        /** How often a worker looks for published posts whose figures are due (modules/metrics). */
        pollMs: env.FITPOST_ENGAGEMENT_POLL_SECONDS * 1000,
      },
      email: {
        /** Where email goes out (nodemailer's URL form); null: FitPost sends no email at all. */
        smtpUrl: env.FITPOST_SMTP_URL ?? null,
        from: env.FITPOST_MAIL_FROM ?? '',
        /** Signs unsubscribe links (HMAC-SHA256); null only while no email is ever sent. */
        secret: env.FITPOST_EMAIL_SECRET ?? null,
        /** SMTP connections each worker keeps open (nodemailer's pool). */
        connections: env.FITPOST_SMTP_CONNECTIONS,
        maxAttempts: env.FITPOST_EMAIL_MAX_ATTEMPTS,
        /** First retry delay after the server said "try later"; doubles per attempt. */
        backoffMs: env.FITPOST_EMAIL_BACKOFF_MS,
        /** A row left `sending` this long (its worker died) is sent again (docs/architecture.md §18). */
        staleAfterMs: env.FITPOST_EMAIL_STALE_AFTER_MS,
        sweepIntervalMs: env.FITPOST_SWEEP_INTERVAL_MS,
      },
      ops: {
        /** Bearer token `/metrics` asks for; unset, `/metrics` is off (404). */
        metricsToken: env.FITPOST_METRICS_TOKEN ?? null,
        /** Where a worker-only process serves liveness, readiness and `/metrics`; unset, nowhere. */
        port: env.FITPOST_OPS_PORT ?? null,
        /** How long a stopping process waits for work in hand: by default one network timeout and 5 s more. */
        shutdownTimeoutMs: env.FITPOST_SHUTDOWN_TIMEOUT_MS ?? env.FITPOST_NETWORK_TIMEOUT_MS + 5000,
        /**
         * How long an API process told to stop keeps serving with readiness 503 before its port
         * closes, so a load balancer's health check sees it go (default 5 s; the demo 0).
         */
        drainMs: env.FITPOST_SHUTDOWN_DRAIN_MS,
      },
      platforms: {
        x: {
          apiUrl: env.FITPOST_X_API_URL,
          consumerKey: env.FITPOST_X_CONSUMER_KEY,
          consumerSecret: env.FITPOST_X_CONSUMER_SECRET,
        },
        linkedin: {
          authUrl: env.FITPOST_LINKEDIN_AUTH_URL,
          apiUrl: env.FITPOST_LINKEDIN_API_URL,
          clientId: env.FITPOST_LINKEDIN_CLIENT_ID,
          clientSecret: env.FITPOST_LINKEDIN_CLIENT_SECRET,
          version: env.FITPOST_LINKEDIN_VERSION,
        },
        facebook: {
          authUrl: env.FITPOST_FACEBOOK_AUTH_URL,
          graphUrl: env.FITPOST_FACEBOOK_GRAPH_URL,
          clientId: env.FITPOST_FACEBOOK_CLIENT_ID,
          clientSecret: env.FITPOST_FACEBOOK_CLIENT_SECRET,
        },
        timeoutMs: env.FITPOST_NETWORK_TIMEOUT_MS,
        instagramPollMs: 1000,
        instagramPollLimit: 30,
      },
    };
  });

export type Config = z.output<typeof configSchema>;

/** Reads and validates the environment; throws one readable error listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const demo = env.FITPOST_DEMO === 'true' || env.FITPOST_DEMO === '1';
  const parsed = configSchema.safeParse(demo ? { ...demoDefaults(env), ...env } : env);
  if (!parsed.success) {
    // In the demo a variable is only missing when its service is not the sandbox.
    const reason = (message: string) =>
      demo && message === missing
        ? 'is required (the sandbox secrets serve only the sandbox, on loopback)'
        : message;
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${reason(i.message)}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
