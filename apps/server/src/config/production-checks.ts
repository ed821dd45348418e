import type { z } from 'zod';
import { parseTokenKeys, secretLooksRandom } from '../lib/crypto.js';
import { demoEmailSecret } from './demo.js';
import { isLoopback, missing } from './values.js';

/** `host[:port]` as browsers send it in `Host`: no scheme, path or credentials. */
const bareHost = /^([a-z0-9-]+(\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(:\d{1,5})?$/i;
/** Rules across variables. Reads fields defensively: some may have failed their own parsing. */
export function productionChecks(
  env: {
    FITPOST_DEMO?: unknown;
    DATABASE_URL?: unknown;
    FITPOST_TOKEN_KEYS?: unknown;
    FITPOST_DEMO_SEED?: unknown;
    FITPOST_FEEDS_ALLOW_LOOPBACK?: unknown;
    FITPOST_OIDC_ISSUER?: unknown;
    FITPOST_SMTP_URL?: unknown;
    FITPOST_MAIL_FROM?: unknown;
    FITPOST_EMAIL_SECRET?: unknown;
    FITPOST_PUBLIC_URL?: unknown;
    FITPOST_PUBLIC_HOSTS?: unknown;
  },
  ctx: z.RefinementCtx,
) {
  const issue = (variable: string, message: string) =>
    ctx.addIssue({ code: 'custom', path: [variable], message });
  const demo = env.FITPOST_DEMO === true;
  if (typeof env.FITPOST_TOKEN_KEYS === 'string') {
    try {
      parseTokenKeys(env.FITPOST_TOKEN_KEYS);
    } catch (err) {
      issue('FITPOST_TOKEN_KEYS', err instanceof Error ? err.message : String(err));
    }
  } else if (env.DATABASE_URL !== undefined) {
    issue(
      'FITPOST_TOKEN_KEYS',
      'is required with DATABASE_URL (every process must share the keys that encrypt social tokens)',
    );
  } else if (!demo) issue('FITPOST_TOKEN_KEYS', missing);
  if (!demo && env.FITPOST_DEMO_SEED === true)
    issue('FITPOST_DEMO_SEED', 'seeds demo data, so only with FITPOST_DEMO=true');
  if (!demo && env.FITPOST_FEEDS_ALLOW_LOOPBACK === true)
    issue('FITPOST_FEEDS_ALLOW_LOOPBACK', "is for the sandbox's feeds, so only with FITPOST_DEMO=true");
  if (env.FITPOST_SMTP_URL !== undefined) {
    if (env.FITPOST_MAIL_FROM === undefined) issue('FITPOST_MAIL_FROM', 'is required with FITPOST_SMTP_URL');
    if (env.FITPOST_EMAIL_SECRET === undefined)
      issue('FITPOST_EMAIL_SECRET', 'is required with FITPOST_SMTP_URL (it signs the unsubscribe links)');
  }
  const secret = env.FITPOST_EMAIL_SECRET;
  if (!demo && typeof secret === 'string') {
    if (secret === demoEmailSecret)
      issue(
        'FITPOST_EMAIL_SECRET',
        "is the demo's, which anyone can read: generate one (openssl rand -base64 48)",
      );
    else if (!secretLooksRandom(secret))
      issue('FITPOST_EMAIL_SECRET', 'is not random: generate one (openssl rand -base64 48)');
  }
  const publicUrl = typeof env.FITPOST_PUBLIC_URL === 'string' ? URL.parse(env.FITPOST_PUBLIC_URL) : null;
  if (!demo && publicUrl && publicUrl.protocol !== 'https:' && !isLoopback(publicUrl))
    issue(
      'FITPOST_PUBLIC_URL',
      'must use https (http is allowed on loopback only: the sign-in cookie would lose Secure)',
    );
  if (Array.isArray(env.FITPOST_PUBLIC_HOSTS)) {
    const bad = (env.FITPOST_PUBLIC_HOSTS as unknown[]).filter(
      (h) => typeof h !== 'string' || !bareHost.test(h),
    );
    if (bad.length > 0)
      issue(
        'FITPOST_PUBLIC_HOSTS',
        `must be host[:port] entries without a scheme or path (not ${bad.join(', ')})`,
      );
  }
  const issuer = typeof env.FITPOST_OIDC_ISSUER === 'string' ? URL.parse(env.FITPOST_OIDC_ISSUER) : null;
  if (issuer && issuer.protocol !== 'https:' && !isLoopback(issuer))
    issue('FITPOST_OIDC_ISSUER', 'must use https (http is allowed on loopback only)');
}
