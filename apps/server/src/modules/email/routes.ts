import {
  emailApi,
  emailPreferences,
  emailPreferencesUpdate,
  errorBody,
  unsubscribeQuery,
  unsubscribeResult,
} from '@fitpost/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/plugins/auth.js';
import {
  getEmailPreferences,
  setEmailPreferences,
  unsubscribe,
  type EmailPreferenceDeps,
} from './preferences.js';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody };
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
    // Mail providers post the one-click form as application/x-www-form-urlencoded (or multipart):
    // its only field, List-Unsubscribe=One-Click, carries nothing, so the body is read and ignored.
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data'])
      scope.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 4096 }, (_req, _body, done) =>
        done(null, undefined),
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
      (req) => unsubscribe(deps, req.query.token),
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
