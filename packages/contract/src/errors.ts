import { z } from 'zod';

/** Stable error codes; the HTTP status travels with each. */
export const errorCodes = {
  validation: 400,
  bad_request: 400,
  unauthenticated: 401,
  no_access: 403,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  /** An Auto-Post with health claims nobody acknowledged (issue 30). */
  health_claims: 422,
  payload_too_large: 413,
  rate_limited: 429,
  upstream: 502,
  internal: 500,
} as const;

export type ErrorCode = keyof typeof errorCodes;

export const errorBody = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
      /** A refused sign-in's portal, so the no-access screen can show that portal's support address. */
      portalId: z.number().int().positive().optional(),
    }),
  })
  .meta({ id: 'Error' });

export type ErrorBody = z.infer<typeof errorBody>;
