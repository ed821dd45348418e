import {
  errorBody,
  queueSlots,
  queueSlotsPut,
  queueSuggestions,
  queueSummary,
  suggestionLimits,
} from '@fitpost/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../auth/plugin.js';
import { clearSlots, getSlots, getSummary, putSlots, type QueueDeps } from './service.js';
import { suggestTimes } from './suggestions.js';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody };
const tags = ['queue'];
const security = [{ bearer: [] }];

/** The member's posting queue (issue 16): weekly slots, and what 'Add to Queue' would do now. */
export function queueRoutes(app: FastifyInstance, deps: QueueDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = app.requireUser;

  r.get(
    '/api/queue',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: "What 'Add to Queue' would do now: the next free slot and my usual accounts",
        response: { 200: queueSummary, ...errors },
      },
    },
    (req) => getSummary(deps, actorOf(req)),
  );
  r.get(
    '/api/queue/slots',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'My weekly queue slots (weekday and time in my time zone) and the next free one',
        response: { 200: queueSlots, ...errors },
      },
    },
    (req) => getSlots(deps, actorOf(req)),
  );
  r.put(
    '/api/queue/slots',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Replace my weekly queue slots (no duplicates, at most 70)',
        body: queueSlotsPut,
        response: { 200: queueSlots, ...errors },
      },
    },
    (req) => putSlots(deps, actorOf(req), req.body),
  );
  r.delete(
    '/api/queue/slots',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: "Forget my weekly queue slots: FitPost's suggested week applies again",
        response: { 200: queueSlots, ...errors },
      },
    },
    (req) => clearSlots(deps, actorOf(req)),
  );
  r.get(
    '/api/queue/suggestions',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Suggested weekly posting times per network, in my time zone',
        description: `The best ${suggestionLimits.perNetwork} weekly hours of each network, scored by engagement per post (likes + comments + shares + link clicks, smoothed towards the network's average; 1 = an average hour) over the last ${suggestionLimits.lookbackDays} days. \`basis\` says whose posts: \`mine\` (at least ${suggestionLimits.minOwnPosts} of my published posts with figures), else \`organisation\` (my organization's members' posts), else \`default\` (FitPost's defaults, score null). \`posts\` counts the posts behind them.`,
        response: { 200: queueSuggestions, ...errors },
      },
    },
    (req) => suggestTimes(deps, actorOf(req)),
  );
}
