import {
  emailApi,
  emailPreferences,
  emailPreferencesUpdate,
  emailTexts,
  errorBody,
  oneClickUnsubscribe,
  unsubscribeQuery,
  unsubscribeResult,
} from '@fitpost/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../auth/plugin.js';
import { AppError } from '../../lib/errors.js';
import {
  getEmailPreferences,
  setEmailPreferences,
  unsubscribe,
  type EmailPreferenceDeps,
} from './preferences.js';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody };

/** A multipart form whose `List-Unsubscribe` part is `One-Click`. */
const multipartOneClick = new RegExp(
  `name="${oneClickUnsubscribe.field}"\\r?\\n(?:[^\\r\\n]+\\r?\\n)*\\r?\\n${oneClickUnsubscribe.value}\\r?\\n`,
);
const tags = ['email'];
const security = [{ bearer: [] }];

/**
 * Email settings (System Settings) for the signed-in member, and the unsubscribe link every email
 * carries, which needs no session (RFC 8058 one-click POST; a GET from a browser is sent on to
 * the web page that asks first, since mail scanners open links without anyone clicking).
 */
export async function emailRoutes(
  app: FastifyInstance,
  deps: EmailPreferenceDeps & { rateLimitPerMinute: number },
) {
  await app.register((scope, _opts, done) => {
    // Mail providers post the one-click form as application/x-www-form-urlencoded (or multipart),
    // and RFC 8058 says what it holds: List-Unsubscribe=One-Click. The body is read as whether it
    // does; anything else (no body, JSON) is refused by the route.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_req, body, done) =>
        done(null, {
          oneClick:
            new URLSearchParams(body.toString()).get(oneClickUnsubscribe.field) === oneClickUnsubscribe.value,
        }),
    );
    scope.addContentTypeParser(
      'multipart/form-data',
      { parseAs: 'string', bodyLimit: 4096 },
      (_req, body, done) => done(null, { oneClick: multipartOneClick.test(body.toString()) }),
    );
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const rateLimit = { max: deps.rateLimitPerMinute, timeWindow: '1 minute' };
    r.post(
      emailApi.unsubscribe,
      {
        config: { rateLimit },
        schema: {
          tags,
          summary: 'One-click unsubscribe (RFC 8058): the token names the member and the kind (no auth)',
          querystring: unsubscribeQuery,
          response: { 200: unsubscribeResult, 400: errorBody, 403: errorBody, 429: errorBody },
        },
      },
      (req) => {
        const body = req.body as { oneClick?: boolean } | undefined;
        if (body?.oneClick !== true) throw new AppError('bad_request', emailTexts.notOneClick);
        return unsubscribe(deps, req.query.token);
      },
    );
    r.get(
      emailApi.unsubscribe,
      {
        config: { rateLimit },
        schema: {
          tags,
          summary: 'Sends a browser to the unsubscribe page, which asks before unsubscribing (no auth)',
          querystring: unsubscribeQuery,
          response: { 400: errorBody, 429: errorBody },
        },
      },
      async (req, reply) => {
        await reply.redirect(`${emailApi.unsubscribePage}?token=${encodeURIComponent(req.query.token)}`, 303);
      },
    );
    done();
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    emailApi.preferences,
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Which kinds of notification and message I also get by email',
        response: { 200: emailPreferences, ...errors },
      },
    },
    (req) => getEmailPreferences(deps, actorOf(req)),
  );
  r.put(
    emailApi.preferences,
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Turn kinds of email on or off (kinds left out keep their setting)',
        body: emailPreferencesUpdate,
        response: { 200: emailPreferences, ...errors },
      },
    },
    (req) => setEmailPreferences(deps, actorOf(req), req.body),
  );
}
