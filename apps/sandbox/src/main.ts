import { z } from 'zod';

import { startSandbox } from './app.js';

/** An unset and an empty variable mean the same: use the default (an empty port must not become port 0). */
function env<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === '' ? undefined : value), schema);
}

function urlList(fallback: string, min = 1) {
  return env(
    z
      .string()
      .default(fallback)
      .transform((list) =>
        list
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.url()).min(min)),
  );
}

function secret(fallback: string) {
  return env(z.string().min(1).default(fallback));
}

const envSchema = z.object({
  SANDBOX_PORT: env(z.coerce.number().int().min(0).max(65535).default(4000)),
  SANDBOX_HOST: env(z.string().default('127.0.0.1')),
  /** The SMTP catcher's port; by default the HTTP port + 25 (4025 beside 4000), a free one beside port 0. */
  SANDBOX_SMTP_PORT: env(z.coerce.number().int().min(0).max(65535).optional()),
  SANDBOX_PUBLIC_URL: env(z.url().optional()),
  SANDBOX_REDIRECT_URIS: urlList('http://localhost:3000/oauth,http://127.0.0.1:3000/oauth'),
  SANDBOX_POST_LOGOUT_URIS: urlList('http://localhost:3000/app/logout,http://127.0.0.1:3000/app/logout'),
  FITPOST_OIDC_CLIENT_ID: env(z.string().default('fitpost')),
  FITPOST_OIDC_CLIENT_SECRET: env(z.string().default('fitpost-sandbox-secret')),
  /** Origins besides loopback whose URIs the social networks accept as OAuth callbacks. */
  SANDBOX_NETWORK_REDIRECT_ORIGINS: urlList('', 0),
  FITPOST_X_CONSUMER_KEY: secret('fitpost-x-key'),
  FITPOST_X_CONSUMER_SECRET: secret('fitpost-x-secret'),
  FITPOST_LINKEDIN_CLIENT_ID: secret('fitpost-linkedin'),
  FITPOST_LINKEDIN_CLIENT_SECRET: secret('fitpost-linkedin-secret'),
  FITPOST_FACEBOOK_CLIENT_ID: secret('fitpost-facebook'),
  FITPOST_FACEBOOK_CLIENT_SECRET: secret('fitpost-facebook-secret'),
});

const parsed = envSchema.safeParse(process.env);
if (!parsed.success) {
  console.error(`sandbox: invalid environment\n${z.prettifyError(parsed.error)}`);
  process.exit(1);
}
const config = parsed.data;

const sandbox = await startSandbox({
  port: config.SANDBOX_PORT,
  host: config.SANDBOX_HOST,
  publicUrl: config.SANDBOX_PUBLIC_URL,
  redirectUris: config.SANDBOX_REDIRECT_URIS,
  postLogoutRedirectUris: config.SANDBOX_POST_LOGOUT_URIS,
  clientId: config.FITPOST_OIDC_CLIENT_ID,
  clientSecret: config.FITPOST_OIDC_CLIENT_SECRET,
  networkRedirectOrigins: config.SANDBOX_NETWORK_REDIRECT_ORIGINS,
  x: { consumerKey: config.FITPOST_X_CONSUMER_KEY, consumerSecret: config.FITPOST_X_CONSUMER_SECRET },
  linkedin: {
    clientId: config.FITPOST_LINKEDIN_CLIENT_ID,
    clientSecret: config.FITPOST_LINKEDIN_CLIENT_SECRET,
  },
  facebook: { appId: config.FITPOST_FACEBOOK_CLIENT_ID, appSecret: config.FITPOST_FACEBOOK_CLIENT_SECRET },
  smtpPort: config.SANDBOX_SMTP_PORT ?? (config.SANDBOX_PORT === 0 ? 0 : config.SANDBOX_PORT + 25),
});
console.log(
  `FitPost sandbox listening on ${sandbox.url} (OIDC issuer ${sandbox.issuer}; X at /x, LinkedIn at /linkedin, Facebook and Instagram at /facebook; SMTP catcher ${sandbox.smtpUrl ?? 'off'})`,
);

function shutdown(): void {
  sandbox.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error('sandbox: failed to close', error);
      process.exit(1);
    },
  );
}
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
