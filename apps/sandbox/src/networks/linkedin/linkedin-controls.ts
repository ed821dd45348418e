/**
 * Test controls for LinkedIn under /_sandbox/linkedin (never on the real network): short token lifetimes, so
 * refresh before expiry can be tested in seconds, and a member taking back FitPost's access.
 */
import { z } from 'zod';

import { allowMethods, HttpError, readJson, type Route, sendJson } from '../../http.js';
import type { LinkedInState } from './linkedin-state.js';
import { DEFAULT_TOKEN_LIFETIMES } from './linkedin-state.js';

const LINKEDIN_CONTROL_PREFIX = '/_sandbox/linkedin';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** `POST /_sandbox/linkedin/tokens`: lifetimes of tokens minted from now on (code exchange and refresh alike). */
const tokenLifetimesSchema = z.strictObject({
  accessTokenSeconds: z.int().min(1).max(YEAR_SECONDS).optional(),
  refreshTokenSeconds: z.int().min(1).max(YEAR_SECONDS).optional(),
});

/** `POST /_sandbox/linkedin/revoke`: the member removes FitPost in their LinkedIn settings. */
const revokeSchema = z.strictObject({ memberId: z.string().min(1) });

function parse<T>(schema: z.ZodType<T>, body: unknown, shape: string): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new HttpError(
      400,
      'bad_request',
      `The body does not match ${shape}.`,
      z.flattenError(parsed.error),
    );
  }
  return parsed.data;
}

/**
 * - `GET|POST|DELETE /_sandbox/linkedin/tokens`: read, set (`{ accessTokenSeconds?, refreshTokenSeconds? }`) or
 *   reset the lifetimes of newly minted tokens. Tokens already issued keep theirs.
 * - `POST /_sandbox/linkedin/revoke` `{ memberId }`: every access and refresh token of the member stops working.
 */
export function createLinkedInControlRoute(state: LinkedInState): Route {
  return {
    prefix: LINKEDIN_CONTROL_PREFIX,
    handle: async (req, res, url) => {
      switch (url.pathname) {
        case `${LINKEDIN_CONTROL_PREFIX}/tokens`: {
          allowMethods(req, ['GET', 'POST', 'DELETE']);
          if (req.method === 'DELETE') state.lifetimes = { ...DEFAULT_TOKEN_LIFETIMES };
          if (req.method === 'POST') {
            const lifetimes = parse(
              tokenLifetimesSchema,
              await readJson(req),
              '{ accessTokenSeconds?, refreshTokenSeconds? }',
            );
            state.lifetimes = { ...state.lifetimes, ...lifetimes };
          }
          return sendJson(res, 200, state.lifetimes);
        }
        case `${LINKEDIN_CONTROL_PREFIX}/revoke`: {
          allowMethods(req, ['POST']);
          const { memberId } = parse(revokeSchema, await readJson(req), '{ memberId }');
          if (!state.members.has(memberId)) {
            throw new HttpError(404, 'member_not_found', `No LinkedIn member has the id ${memberId}.`);
          }
          state.revokeMember(memberId);
          res.statusCode = 204;
          res.end();
          return;
        }
        default:
          throw new HttpError(404, 'not_found', `Nothing is served at ${url.pathname}.`);
      }
    },
  };
}
