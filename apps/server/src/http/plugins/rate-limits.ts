import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { requestLimitStore } from '../../lib/request-limits.js';

/** The per-member limits; each is configured in `config.memberLimits`. */
type MemberLimitName = keyof Config['memberLimits'];

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * onRequest hook, placed after `requireUser`: counts the request against the member's limit
     * `name` and answers 429 (with Retry-After) once it is used up. One line per route:
     * `onRequest: [app.requireUser, app.memberLimit('messageCompose')]`.
     */
    memberLimit: (
      name: MemberLimitName,
    ) => (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  }
}

/** What the member is told they did too often; the wait is appended. */
const tooOften: Record<MemberLimitName, string> = {
  mediaUpload: 'You have uploaded many images in a short time.',
  feedCreate: 'You have added many feeds in a short time.',
  feedRefresh: 'Your feeds have been refreshed many times in a short time.',
  messageCompose: 'You have sent many messages in a short time.',
};

const refusal = (what: string, after: string) =>
  new AppError('rate_limited', `${what} Please try again in ${after}.`);

/**
 * Rate limits counted in the database (`request_limits`), so every API process shares them. Routes
 * opt in: sign-in routes with `config.rateLimit` (per client address, which `FITPOST_TRUST_PROXY`
 * makes the real one behind a proxy), members' costly actions with `app.memberLimit(name)`.
 * Refusals are 429 in the contract's error shape, with Retry-After in seconds. `memberOf` names the
 * member a request acts for (the auth module's actor; it runs after `requireUser`).
 */
export async function registerRateLimits(
  app: FastifyInstance,
  db: Db,
  config: Config,
  memberOf: (request: FastifyRequest) => string,
) {
  await app.register(rateLimit, {
    global: false,
    store: requestLimitStore(db, (err) => app.log.warn({ err }, 'pruning old rate-limit windows failed')),
    errorResponseBuilder: (_request, context) => refusal('Too many requests.', context.after),
  });
  app.decorate('memberLimit', (name: MemberLimitName) => {
    const { max, windowMs } = config.memberLimits[name];
    return app.rateLimit({
      max,
      timeWindow: windowMs,
      keyGenerator: (request) => `member:${name}:${memberOf(request)}`,
      errorResponseBuilder: (_request, context) => refusal(tooOften[name], context.after),
    });
  });
}
