import { z } from 'zod';

import { allowMethods, HttpError, readJson, sendJson, type Route } from './http.js';
import { addMember, findMemberByEmail } from './sso/members.js';
import { ID_TOKEN_TTL_SECONDS, mintIdToken, type SigningKey } from './sso/signing-key.js';

const YEAR = 365 * 24 * 60 * 60;

const idTokenRequestSchema = z.strictObject({
  email: z.string().trim().min(1),
  nonce: z.string().min(1).optional(),
  /** Negative values give an already expired token. */
  expiresInSeconds: z.int().min(-YEAR).max(YEAR).optional(),
  audience: z.string().min(1).optional(),
});

/** `POST /_sandbox/members`: a member of the organisation, added for a test (apps/sandbox/README). */
const addMemberRequestSchema = z.strictObject({
  email: z.email(),
  name: z.string().trim().min(1).max(100),
  portalId: z.int().min(1).default(1),
  accountType: z.string().trim().min(1).default('Personal Trainer'),
  /** Whether their membership includes FitPost. */
  fitpost: z.boolean().default(true),
  /**
   * The email the ID token gives, verified, when it is not `email`: a second account of someone the
   * organisation knows (the bootstrap admin heading a portal of a test's own).
   */
  idTokenEmail: z.email().optional(),
});

export interface ControlOptions {
  issuer: string;
  publicUrl: string;
  clientId: string;
  signingKey: SigningKey;
}

/** Test and control endpoints under /_sandbox. They exist only in the sandbox, never on a real provider. */
export function createControlRoute(options: ControlOptions): Route {
  return {
    prefix: '/_sandbox',
    handle: async (req, res, url) => {
      switch (url.pathname) {
        case '/_sandbox/health':
          allowMethods(req, ['GET', 'HEAD']);
          return sendJson(res, 200, { ok: true });
        case '/_sandbox/id-token': {
          allowMethods(req, ['POST']);
          const parsed = idTokenRequestSchema.safeParse(await readJson(req));
          if (!parsed.success) {
            throw new HttpError(
              400,
              'bad_request',
              'The body does not match { email, nonce?, expiresInSeconds?, audience? }.',
              z.flattenError(parsed.error),
            );
          }
          const member = findMemberByEmail(parsed.data.email);
          if (!member)
            throw new HttpError(
              404,
              'member_not_found',
              `No demo member has the email ${parsed.data.email}.`,
            );
          const idToken = await mintIdToken(options.signingKey, {
            member,
            issuer: options.issuer,
            audience: parsed.data.audience ?? options.clientId,
            publicUrl: options.publicUrl,
            nonce: parsed.data.nonce,
            expiresInSeconds: parsed.data.expiresInSeconds ?? ID_TOKEN_TTL_SECONDS,
          });
          return sendJson(res, 200, { id_token: idToken });
        }
        case '/_sandbox/members': {
          allowMethods(req, ['POST']);
          const parsed = addMemberRequestSchema.safeParse(await readJson(req));
          if (!parsed.success) {
            throw new HttpError(
              400,
              'bad_request',
              'The body does not match { email, name, portalId?, accountType?, fitpost?, idTokenEmail? }.',
              z.flattenError(parsed.error),
            );
          }
          const { idTokenEmail, ...rest } = parsed.data;
          const member = addMember({
            ...rest,
            ...(idTokenEmail && { claimedEmail: { email: idTokenEmail, verified: true } }),
          });
          if (!member)
            throw new HttpError(409, 'member_exists', `A member already has the email ${parsed.data.email}.`);
          return sendJson(res, 201, member);
        }
        default:
          throw new HttpError(404, 'not_found', `Nothing is served at ${url.pathname}.`);
      }
    },
  };
}
