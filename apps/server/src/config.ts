import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

const csv = z
  .string()
  .transform((s) =>
    s
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.string()));

const boolean = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const isLoopback = (u: URL) => ['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname);

/**
 * Every setting FitPost reads, validated once at start-up. Defaults run the embedded demo
 * against the sandbox on loopback; README.md lists each variable.
 */
export const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    HOST: z.string().default('127.0.0.1'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    SANDBOX_PORT: z.coerce.number().int().min(1).max(65535).default(4000),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    FITPOST_DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
    FITPOST_WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
    FITPOST_SERVICES: csv.pipe(z.array(z.enum(['api', 'worker'])).min(1)).default(['api', 'worker']),
    FITPOST_PUBLIC_URL: z.url().optional(),
    FITPOST_PUBLIC_HOSTS: csv.optional(),
    FITPOST_OIDC_ISSUER: z.url().optional(),
    FITPOST_OIDC_CLIENT_ID: z.string().min(1).default('fitpost'),
    FITPOST_OIDC_CLIENT_SECRET: z.string().min(1).default('fitpost-sandbox-secret'),
    FITPOST_OIDC_SCOPES: z.string().default('openid email profile fitpost'),
    FITPOST_BOOTSTRAP_ADMINS: csv.pipe(z.array(z.email())).default(['admin@example.com']),
    FITPOST_SESSION_IDLE_HOURS: z.coerce
      .number()
      .positive()
      .max(24 * 90)
      .default(72),
    FITPOST_SESSION_MAX_DAYS: z.coerce.number().positive().max(365).default(30),
    FITPOST_AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(60),
    FITPOST_ORGANISATION_NAME: z.string().default('FitPro Academy'),
    FITPOST_SUPPORT_EMAIL: z.email().default('support@example.com'),
    FITPOST_DEMO_SEED: boolean.optional(),
    FITPOST_TOKEN_KEYS: z.string().optional(),
    FITPOST_X_API_URL: z.url().optional(),
    FITPOST_X_CONSUMER_KEY: z.string().min(1).default('fitpost-x-key'),
    FITPOST_X_CONSUMER_SECRET: z.string().min(1).default('fitpost-x-secret'),
    FITPOST_LINKEDIN_AUTH_URL: z.url().optional(),
    FITPOST_LINKEDIN_API_URL: z.url().optional(),
    FITPOST_LINKEDIN_CLIENT_ID: z.string().min(1).default('fitpost-linkedin'),
    FITPOST_LINKEDIN_CLIENT_SECRET: z.string().min(1).default('fitpost-linkedin-secret'),
    FITPOST_LINKEDIN_VERSION: z
      .string()
      .regex(/^\d{6}$/, 'must be YYYYMM')
      .default('202610'),
    FITPOST_FACEBOOK_AUTH_URL: z.url().optional(),
    FITPOST_FACEBOOK_GRAPH_URL: z.url().optional(),
    FITPOST_FACEBOOK_CLIENT_ID: z.string().min(1).default('fitpost-facebook'),
    FITPOST_FACEBOOK_CLIENT_SECRET: z.string().min(1).default('fitpost-facebook-secret'),
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
  })
  .transform((env) => {
    const publicUrl = env.FITPOST_PUBLIC_URL ?? `http://localhost:${env.PORT}`;
    const sandbox = `http://127.0.0.1:${env.SANDBOX_PORT}`;
    const oidcIssuer = env.FITPOST_OIDC_ISSUER ?? `${sandbox}/sso`;
    return {
      env: env.NODE_ENV,
      logLevel: env.LOG_LEVEL,
      host: env.HOST,
      port: env.PORT,
      services: env.FITPOST_SERVICES,
      database: env.DATABASE_URL
        ? ({ kind: 'postgres', url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE } as const)
        : ({ kind: 'pglite', dataDir: path.join(env.FITPOST_DATA_DIR, 'db') } as const),
      webDist: env.FITPOST_WEB_DIST,
      /** The sandbox's address (npm start runs it there): the demo library's system feeds point at it. */
      sandboxUrl: sandbox,
      publicUrl,
      publicHosts: env.FITPOST_PUBLIC_HOSTS ?? [`localhost:${env.PORT}`, `127.0.0.1:${env.PORT}`],
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
      organisationName: env.FITPOST_ORGANISATION_NAME,
      supportEmail: env.FITPOST_SUPPORT_EMAIL,
      demoSeed: env.FITPOST_DEMO_SEED ?? !env.DATABASE_URL,
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
      platforms: {
        x: {
          apiUrl: env.FITPOST_X_API_URL ?? `${sandbox}/x`,
          consumerKey: env.FITPOST_X_CONSUMER_KEY,
          consumerSecret: env.FITPOST_X_CONSUMER_SECRET,
        },
        linkedin: {
          authUrl: env.FITPOST_LINKEDIN_AUTH_URL ?? `${sandbox}/linkedin/oauth/v2`,
          apiUrl: env.FITPOST_LINKEDIN_API_URL ?? `${sandbox}/linkedin/api`,
          clientId: env.FITPOST_LINKEDIN_CLIENT_ID,
          clientSecret: env.FITPOST_LINKEDIN_CLIENT_SECRET,
          version: env.FITPOST_LINKEDIN_VERSION,
        },
        facebook: {
          authUrl: env.FITPOST_FACEBOOK_AUTH_URL ?? `${sandbox}/facebook/v23.0/dialog/oauth`,
          graphUrl: env.FITPOST_FACEBOOK_GRAPH_URL ?? `${sandbox}/facebook/graph/v23.0`,
          clientId: env.FITPOST_FACEBOOK_CLIENT_ID,
          clientSecret: env.FITPOST_FACEBOOK_CLIENT_SECRET,
        },
        timeoutMs: env.FITPOST_NETWORK_TIMEOUT_MS,
        instagramPollMs: 1000,
        instagramPollLimit: 30,
      },
    };
  })
  .superRefine((c, ctx) => {
    if (c.database.kind === 'postgres' && !c.tokenKeys) {
      ctx.addIssue({
        code: 'custom',
        path: ['FITPOST_TOKEN_KEYS'],
        message:
          'is required with DATABASE_URL (every process must share the keys that encrypt social tokens)',
      });
    }
    if (new URL(c.oidc.issuer).protocol === 'http:' && !c.oidc.allowHttp) {
      ctx.addIssue({
        code: 'custom',
        path: ['FITPOST_OIDC_ISSUER'],
        message: 'must use https (http is allowed on loopback only)',
      });
    }
  });

export type Config = z.output<typeof configSchema>;

/** Reads and validates the environment; throws one readable error listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
