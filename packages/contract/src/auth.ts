import { z } from 'zod';
import { text, timeZone } from './common.js';

/** A host as the browser sees it: name and optional port, no scheme or path. */
const publicHost = z
  .string()
  .max(255)
  .regex(
    /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i,
    'host must be a host name with an optional port',
  );

export const authorizeQuery = z.object({ host: publicHost });
export const authorizeResponse = z.object({ url: z.url() });

/** Sign-in verify: the code from /oauth, its state, and the host it came back to. */
export const signInCallbackBody = z.object({
  code: text.min(1).max(2048),
  state: text.min(1).max(512),
  /** The `iss` query parameter, when the provider sends one (RFC 9207: checked against the issuer). */
  iss: text.max(2048).optional(),
  host: publicHost,
  /**
   * The browser's IANA time zone: saved as the member's time zone on their first sign-in (they can
   * change it in System Settings). A zone the server does not know is ignored, never a failed sign-in.
   */
  timeZone: timeZone.optional().catch(undefined),
});
export type SignInCallback = z.infer<typeof signInCallbackBody>;

/** POST /api/auth/logout: where to send the browser so the organisation's provider ends its session too. */
export const logoutResponse = z.object({
  /** The provider's end-session URL (RP-initiated logout); null when it offers none. */
  endSessionUrl: z.url().nullable(),
});
export type LogoutResponse = z.infer<typeof logoutResponse>;

/** GET /api/health for anyone: up or not, nothing more (the detail is for admins, or the demo). */
export const healthSummary = z.object({ status: z.enum(['ok', 'degraded']) });

/** GET /api/health for an admin (or anyone, in the demo): what is up and how it is doing. */
export const healthResponse = healthSummary.extend({
  database: z.object({ ok: z.boolean(), mode: z.enum(['pglite', 'postgres']), latencyMs: z.number() }),
  jobs: z.object({ ok: z.boolean(), running: z.boolean() }),
  version: z.string(),
  uptimeSeconds: z.number(),
});

/** GET /api/health/live: the process answers (a load balancer's liveness probe). */
export const livenessResponse = z.object({ status: z.literal('ok') });

/** GET /api/health/ready: whether this process should be given work now (a load balancer's readiness probe). */
export const readinessResponse = z.object({
  status: z.enum(['ready', 'not_ready']),
  /** The database answers. */
  database: z.boolean(),
  /** This process has run the migrations. */
  migrations: z.boolean(),
  /** The job engine runs (always true for an API-only process, which only sends jobs). */
  jobs: z.boolean(),
  /** The process is shutting down and takes no new work. */
  draining: z.boolean(),
});

/** GET /api/public-config: what the web app needs before anyone signs in. */
export const publicConfig = z.object({
  organisationName: z.string(),
  supportEmail: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfig>;
