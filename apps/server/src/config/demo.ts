import { isLoopback } from './values.js';

// ---- Demo or production -------------------------------------------------------------------
// FITPOST_DEMO=true (npm start sets it) is the one switch that makes the sandbox, its secrets, the
// demo seed, the demo bootstrap admin and loopback feeds the defaults. Without it nothing of the
// demo is assumed: every variable config.ts marks `required` must be set, or start-up stops with one
// message listing them all.

/** Signs the demo's unsubscribe links; refused in production, where anyone could read it here. */
export const demoEmailSecret = 'fitpost-demo-email-secret-not-for-production';
const isLoopbackUrl = (value: string | undefined) => {
  if (value === undefined) return true;
  try {
    return isLoopback(new URL(value));
  } catch {
    return false;
  }
};

/**
 * The demo's defaults for one environment. A service's sandbox credentials apply only while that
 * service is the sandbox (its addresses unset or on loopback): a real provider with a forgotten
 * secret is refused, never handed the sandbox's.
 */
export function demoDefaults(env: NodeJS.ProcessEnv): Record<string, string> {
  const port = env.PORT ?? '3000';
  const sandbox = `http://127.0.0.1:${env.SANDBOX_PORT ?? '4000'}`;
  const onSandbox = (...urls: (keyof typeof env)[]) => urls.every((u) => isLoopbackUrl(env[u]));
  return {
    FITPOST_PUBLIC_URL: `http://localhost:${port}`,
    FITPOST_PUBLIC_HOSTS: `localhost:${port},127.0.0.1:${port}`,
    FITPOST_BOOTSTRAP_ADMINS: 'admin@example.com',
    FITPOST_ORGANISATION_NAME: 'FitPro Academy',
    FITPOST_SUPPORT_EMAIL: 'support@example.com',
    FITPOST_DEMO_SEED: env.DATABASE_URL ? 'false' : 'true',
    // The demo's feeds are served by the sandbox on loopback.
    FITPOST_FEEDS_ALLOW_LOOPBACK: 'true',
    // Signs the demo's unsubscribe links; production sets its own (required with FITPOST_SMTP_URL).
    FITPOST_EMAIL_SECRET: demoEmailSecret,
    // Ctrl-C stops the demo at once: no load balancer needs telling.
    FITPOST_SHUTDOWN_DRAIN_MS: '0',
    FITPOST_OIDC_ISSUER: `${sandbox}/sso`,
    FITPOST_X_API_URL: `${sandbox}/x`,
    FITPOST_LINKEDIN_AUTH_URL: `${sandbox}/linkedin/oauth/v2`,
    FITPOST_LINKEDIN_API_URL: `${sandbox}/linkedin/api`,
    FITPOST_FACEBOOK_AUTH_URL: `${sandbox}/facebook/v23.0/dialog/oauth`,
    FITPOST_FACEBOOK_GRAPH_URL: `${sandbox}/facebook/graph/v23.0`,
    ...(onSandbox('FITPOST_OIDC_ISSUER') && {
      FITPOST_OIDC_CLIENT_ID: 'fitpost',
      FITPOST_OIDC_CLIENT_SECRET: 'fitpost-sandbox-secret',
    }),
    ...(onSandbox('FITPOST_X_API_URL') && {
      FITPOST_X_CONSUMER_KEY: 'fitpost-x-key',
      FITPOST_X_CONSUMER_SECRET: 'fitpost-x-secret',
    }),
    ...(onSandbox('FITPOST_LINKEDIN_AUTH_URL', 'FITPOST_LINKEDIN_API_URL') && {
      FITPOST_LINKEDIN_CLIENT_ID: 'fitpost-linkedin',
      FITPOST_LINKEDIN_CLIENT_SECRET: 'fitpost-linkedin-secret',
    }),
    ...(onSandbox('FITPOST_FACEBOOK_AUTH_URL', 'FITPOST_FACEBOOK_GRAPH_URL') && {
      FITPOST_FACEBOOK_CLIENT_ID: 'fitpost-facebook',
      FITPOST_FACEBOOK_CLIENT_SECRET: 'fitpost-facebook-secret',
    }),
  };
}
