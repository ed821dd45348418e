import { z } from 'zod';
import { AppError } from '../../lib/errors.js';

/**
 * What FitPost needs from the organisation's ID token. Unknown claims are ignored;
 * a token without these is refused with a clear reason.
 */
const memberClaims = z.object({
  sub: z.string().min(1).max(255),
  email: z.email(),
  /** Only a verified email may link a user an admin added or make a bootstrap admin. */
  email_verified: z.boolean().optional(),
  name: z.string().min(1).max(200),
  picture: z.url().optional(),
  profile: z.url().optional(),
  portal_id: z.coerce.number().int().positive(),
  account_type: z.string().max(100).optional(),
  fitpost: z.boolean().optional(),
});
export type MemberClaims = z.infer<typeof memberClaims>;

/** Parses claims or explains, in plain words, what the provider left out. */
export function parseClaims(raw: unknown): MemberClaims {
  const parsed = memberClaims.safeParse(raw);
  if (parsed.success) return parsed.data;
  const missing = parsed.error.issues.map((i) => i.path.join('.')).join(', ');
  throw new AppError(
    'no_access',
    `The sign-in provider did not send the member details FitPost needs (${missing}).`,
  );
}
